import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsersAndSessions1763800100000 implements MigrationInterface {
  name = 'UsersAndSessions1763800100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
        username text,
        email text,
        phone_number text NOT NULL CHECK (phone_number ~ '^[0-9]{12}$'),
        name text,
        surname text,
        country text,
        region text,
        gender text,
        image_id uuid,
        telegram_username text,
        password_hash text,
        phone_confirmed boolean NOT NULL DEFAULT false,
        balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_phone_number_key ON users (phone_number)`);
    // Usernames and e-mails are unique regardless of case: 'Ali' and 'ali' are the same person to a reader.
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);

    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash)`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
