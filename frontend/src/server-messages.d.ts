/** One language's server messages, key to text (frontend/build/server-messages.ts). */
declare module 'virtual:server-messages/*' {
  const texts: Record<string, string>;
  export default texts;
}
