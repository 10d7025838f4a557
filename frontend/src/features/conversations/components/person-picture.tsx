import type { Conversation } from '@market/contracts';

/** The other person's picture, or the first letter of their name. */
export function PersonPicture({ person }: { person: Conversation['other'] }) {
  if (person.image) return <img src={person.image.location} alt="" className="h-11 w-11 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
      {(person.name ?? '?').charAt(0).toUpperCase()}
    </span>
  );
}
