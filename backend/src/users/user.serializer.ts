import { profileCompleteness, type ImageRef, type UserDto } from '@market/contracts';
import type { User } from './user.entity';

/**
 * The one place that decides which user fields leave the server. Listed field by field, so
 * a new column (like password_hash) never leaks by default: of the hash, only whether there is one (`user` is
 * read with it). `image` is the avatar (ImagesService.refOf).
 */
export function serializeUser(user: User, image: ImageRef | null): UserDto {
  const shown = {
    _id: user.id,
    role: user.role,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    name: user.name,
    surname: user.surname,
    country: user.country,
    region: user.region,
    gender: user.gender,
    image,
    balance: user.balance,
    telegramUsername: user.telegramUsername,
  };
  return { ...shown, profileCompleteness: profileCompleteness(shown), hasPassword: user.passwordHash !== null };
}
