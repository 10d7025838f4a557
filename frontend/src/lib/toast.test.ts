import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Id, toast as toastify } from 'react-toastify/unstyled';
import { toast, toastHostMounted } from './toast';

/** react-toastify's side: the notices on screen, by id. */
const onScreen = new Map<Id, string>();
let generated = 0;
const shows = (message: string, options?: { toastId?: Id }) => {
  const id = options?.toastId ?? `generated-${++generated}`;
  onScreen.set(id, message);
  return id;
};
const host = { success: vi.fn(shows), error: vi.fn(shows), info: vi.fn(shows), dismiss: vi.fn((id: Id) => onScreen.delete(id)) };

/** The messages on screen once the notices asked for so far are shown. */
async function shown(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve));
  return [...onScreen.values()];
}

describe('toast', () => {
  beforeAll(() => toastHostMounted(host as unknown as typeof toastify));

  it("clears an action's error and info notices on its success, and leaves another action's", async () => {
    toast.error('Qidiruv saqlanmadi', { action: 'save-search' });
    toast.error('Shikoyat yuborilmadi', { action: 'report-listing' });
    toast.info("Parol noto'g'ri", { action: 'sign-in' });
    expect(await shown()).toEqual(['Qidiruv saqlanmadi', 'Shikoyat yuborilmadi', "Parol noto'g'ri"]);

    toast.success('Qidiruv saqlandi', { action: 'save-search' });
    expect(await shown()).toEqual(['Shikoyat yuborilmadi', "Parol noto'g'ri", 'Qidiruv saqlandi']);

    toast.clear('sign-in');
    expect(await shown()).toEqual(['Shikoyat yuborilmadi', 'Qidiruv saqlandi']);
  });

  it('leaves errors on a success of no action, and errors of no action on any success', async () => {
    onScreen.clear();
    toast.error('Rasm yuklanmadi');
    toast.error('Sotib olinmadi', { action: 'promotion-top' });
    toast.success('Saqlandi');
    toast.success('Bog‘landi', { action: 'telegram' });
    expect(await shown()).toEqual(['Rasm yuklanmadi', 'Sotib olinmadi', 'Saqlandi', 'Bog‘landi']);
  });

  it('keeps the id the caller gave an error of an action, and clears it by that id', async () => {
    onScreen.clear();
    toast.error('Qoralama saqlanmadi', { action: 'draft', toastId: 'draft-not-kept' });
    toast.success('Qoralama saqlandi', { action: 'draft' });
    expect(await shown()).toEqual(['Qoralama saqlandi']);
    expect(host.dismiss).toHaveBeenCalledWith('draft-not-kept');
  });
});
