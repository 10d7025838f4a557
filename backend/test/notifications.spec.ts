import { NOTIFICATIONS_PER_PAGE } from '@market/contracts';
import { NotificationsService } from '../src/notifications/notifications.service';
import { createSignedInUser } from '../../test/support/users';
import { listingsAppForThisFile } from './listings-support';

describe('notifications inbox', () => {
  const site = listingsAppForThisFile();
  const { http } = site;


  it('pages the inbox newest first, keeps one entry per event and person, and reads it up to the newest shown', async () => {
    const user = await createSignedInUser(site.app);
    const inbox = site.app.get(NotificationsService);
    const text = (n: number) => ({ uz: `Xabar ${n}`, ru: `Сообщение ${n}`, en: `Notice ${n}` });
    for (let n = 1; n <= NOTIFICATIONS_PER_PAGE + 1; n++) {
      await inbox.record({ eventId: `event-${user.id}-${n}`, userId: user.id, kind: 'approved', text: text(n), link: null });
    }
    await inbox.record({ eventId: `event-${user.id}-1`, userId: user.id, kind: 'approved', text: text(99), link: null });

    const first = await http().get('/api/notifications?page=1').set('Cookie', user.cookie).expect(200);
    expect(first.body).toMatchObject({ pages: 2, unread: NOTIFICATIONS_PER_PAGE + 1 });
    expect(first.body.notifications[0]).toMatchObject({ kind: 'approved', text: text(NOTIFICATIONS_PER_PAGE + 1), read: false, link: null });
    const second = await http().get('/api/notifications?page=2').set('Cookie', user.cookie).expect(200);
    expect(second.body.notifications.map((notification: { text: { uz: string } }) => notification.text.uz)).toEqual(['Xabar 1']);

    await http().post('/api/notifications/read').set('Cookie', user.cookie).send({ upTo: first.body.notifications[0].id }).expect(200, { unread: 0 });
    expect((await http().get('/api/notifications').set('Cookie', user.cookie).expect(200)).body.unread).toBe(0);
    await http().get('/api/notifications?page=0').set('Cookie', user.cookie).expect(400);
  });

  it('reads only up to the newest entry the reader was shown: one filed after it stays unread', async () => {
    const user = await createSignedInUser(site.app);
    const other = await createSignedInUser(site.app);
    const inbox = site.app.get(NotificationsService);
    const file = (userId: string, n: number) =>
      inbox.record({ eventId: `seen-${userId}-${n}`, userId, kind: 'approved', text: { uz: `Xabar ${n}`, ru: `Сообщение ${n}`, en: `Notice ${n}` }, link: null });
    await file(user.id, 1);
    await file(user.id, 2);
    const shown = (await http().get('/api/notifications').set('Cookie', user.cookie).expect(200)).body.notifications;
    await file(user.id, 3);
    await file(other.id, 1);

    const refused = await http().post('/api/notifications/read').set('Cookie', user.cookie).send({}).expect(400);
    expect(refused.body.fields).toEqual({ upTo: 'required' });
    await http().post('/api/notifications/read').set('Cookie', user.cookie).send({ upTo: shown[0].id }).expect(200, { unread: 1 });
    const after = (await http().get('/api/notifications').set('Cookie', user.cookie).expect(200)).body;
    expect(after.notifications.map((notification: { text: { uz: string }; read: boolean }) => [notification.text.uz, notification.read])).toEqual([
      ['Xabar 3', false],
      ['Xabar 2', true],
      ['Xabar 1', true],
    ]);
    // Another person's entries are theirs to read, whatever their ids.
    expect((await http().get('/api/notifications').set('Cookie', other.cookie).expect(200)).body.unread).toBe(1);
  });
});
