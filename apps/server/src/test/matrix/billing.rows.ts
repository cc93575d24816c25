import { eq } from 'drizzle-orm';
import { paymentReceipts, subscriptions } from '../../platform/db/schema/billing.js';
import type { LocalPaymentProvider } from '../../platform/payments/local/local-provider.js';
import { saveTestCard, testCard } from '../billing-helpers.js';
import { createArtist } from '../factories.js';
import { matrix, signedInOnly, type ActorName, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** The actor's own id (anonymous callers name a member who does not exist: they are refused before that). */
const memberId = (w: MatrixWorld, actor: ActorName) =>
  actor === 'anonymous' ? crypto.randomUUID() : w.people[actor].id;

/** A fresh card token, as the card form gets one (nobody's until attached). */
const token = async (w: MatrixWorld) =>
  (await (w.t.app.ctx.platform.payments as LocalPaymentProvider).tokenizeCard(testCard())).paymentMethodId;

/** A card saved by the actor (anonymous: a card of fan's, which it may not touch anyway). */
async function savedCardOf(w: MatrixWorld, actor: ActorName) {
  const owner = actor === 'anonymous' ? 'fan' : actor;
  return saveTestCard(w.t.app, w.cookies[owner]!, w.people[owner].id);
}

/** POST /api/subscriptions for `memberID` to the artist, paid with a card the actor saved. */
async function subscribeWithOwnCard(w: MatrixWorld, actor: ActorName, memberID: string, artistID: string) {
  const { paymentMethodID } = await savedCardOf(w, actor);
  return { method: 'POST' as const, url: '/api/subscriptions', payload: { memberID, paymentMethodID, artistID } };
}

/** otherFan's subscription (in term) to a fresh artist, made for each actor so each cancel finds one. */
async function otherFansSubscription(w: MatrixWorld): Promise<string> {
  const [row] = await w.t.app.ctx.db
    .insert(subscriptions)
    .values({
      memberId: w.people.otherFan.id,
      artistId: (await createArtist(w.t.app)).artistId,
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!.id;
}

/** otherFan's subscription (in term), already cancelled, for each actor's resume. */
async function otherFansCancelledSubscription(w: MatrixWorld): Promise<string> {
  const id = await otherFansSubscription(w);
  await w.t.app.ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, id));
  return id;
}

/** A receipt of otherFan's (a first year paid). */
async function otherFansReceipt(w: MatrixWorld): Promise<string> {
  const [row] = await w.t.app.ctx.db
    .insert(paymentReceipts)
    .values({
      kind: 'charge',
      sourceKey: `matrix:${crypto.randomUUID()}`,
      memberId: w.people.otherFan.id,
      artistName: 'Matrix Band',
      amountCents: 999,
    })
    .returning();
  return row!.id;
}

export const billingRows: MatrixRow[] = [
  {
    route: 'GET /api/subscriptions/card-list/:memberID',
    case: "one's own cards",
    request: (w, actor) => ({ method: 'GET', url: `/api/subscriptions/card-list/${memberId(w, actor)}` }),
    expected: signedInOnly(200),
  },
  {
    route: 'GET /api/subscriptions/card-list/:memberID',
    case: "fan's cards: fan and admins",
    request: (w) => ({ method: 'GET', url: `/api/subscriptions/card-list/${w.people.fan.id}` }),
    expected: matrix({ anonymous: 401, fan: 200, admin: 200, rest: 403 }),
  },
  {
    route: 'POST /api/subscriptions/attach-payment-method/:memberID',
    case: 'a fresh token to oneself',
    request: async (w, actor) => ({
      method: 'POST',
      url: `/api/subscriptions/attach-payment-method/${memberId(w, actor)}`,
      payload: { paymentMethodID: await token(w) },
    }),
    expected: signedInOnly(201),
  },
  {
    route: 'POST /api/subscriptions/attach-payment-method/:memberID',
    case: "to fan's account: fan only (admins may not save cards for members)",
    request: async (w) => ({
      method: 'POST',
      url: `/api/subscriptions/attach-payment-method/${w.people.fan.id}`,
      payload: { paymentMethodID: await token(w) },
    }),
    expected: matrix({ anonymous: 401, fan: 201, rest: 403 }),
  },
  {
    route: 'POST /api/subscriptions/attach-payment-method/:memberID',
    case: 'an empty body',
    request: (w, actor) => ({
      method: 'POST',
      url: `/api/subscriptions/attach-payment-method/${memberId(w, actor)}`,
      payload: {},
    }),
    expected: signedInOnly(400),
  },
  {
    // The matrix runs on the local provider, which has no SetupIntents: the member is told so (404).
    route: 'POST /api/subscriptions/card-setup/:memberID',
    case: 'oneself, with the local provider',
    request: (w, actor) => ({ method: 'POST', url: `/api/subscriptions/card-setup/${memberId(w, actor)}` }),
    expected: signedInOnly(404),
  },
  {
    route: 'POST /api/subscriptions/card-setup/:memberID',
    case: 'for fan: fan only',
    request: (w) => ({ method: 'POST', url: `/api/subscriptions/card-setup/${w.people.fan.id}` }),
    expected: matrix({ anonymous: 401, fan: 404, rest: 403 }),
  },
  {
    route: 'DELETE /api/subscriptions/payment-methods/:memberID/:cardId',
    case: "one's own card",
    request: async (w, actor) => ({
      method: 'DELETE',
      url: `/api/subscriptions/payment-methods/${memberId(w, actor)}/${(await savedCardOf(w, actor)).id}`,
    }),
    expected: signedInOnly(200),
  },
  {
    route: 'DELETE /api/subscriptions/payment-methods/:memberID/:cardId',
    case: "fan's card: fan only",
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/subscriptions/payment-methods/${w.people.fan.id}/${(await savedCardOf(w, 'fan')).id}`,
    }),
    expected: matrix({ anonymous: 401, fan: 200, rest: 403 }),
  },
  {
    route: 'POST /api/subscriptions',
    case: 'to the ACTIVE artist with a saved card: otherFan subscribes already (409), the artist itself 400',
    request: (w, actor) => subscribeWithOwnCard(w, actor, memberId(w, actor), w.people.artist.artistId),
    expected: matrix({ anonymous: 401, otherFan: 409, artist: 400, rest: 201 }),
  },
  {
    route: 'POST /api/subscriptions',
    case: 'to the unapproved artist: hidden from others, not taking subscribers for admins',
    request: (w, actor) => subscribeWithOwnCard(w, actor, memberId(w, actor), w.people.otherArtist.artistId),
    expected: matrix({ anonymous: 401, otherArtist: 400, admin: 409, rest: 404 }),
  },
  {
    route: 'POST /api/subscriptions',
    case: 'as someone else (fan’s id)',
    request: (w, actor) => subscribeWithOwnCard(w, actor, w.people.fan.id, w.people.artist.artistId),
    // fan subscribed in the row before: its own request is the 409 of a second subscription.
    expected: matrix({ anonymous: 401, fan: 409, rest: 403 }),
  },
  {
    route: 'POST /api/subscriptions',
    case: 'an empty body',
    request: () => ({ method: 'POST', url: '/api/subscriptions', payload: {} }),
    expected: signedInOnly(400),
  },
  {
    route: 'GET /api/subscriptions/member/:memberID',
    case: "fan's subscriptions: fan and admins",
    request: (w) => ({ method: 'GET', url: `/api/subscriptions/member/${w.people.fan.id}` }),
    expected: matrix({ anonymous: 401, fan: 200, admin: 200, rest: 403 }),
  },
  {
    route: 'POST /api/subscriptions/:id/cancel',
    case: "otherFan's subscription: otherFan and admins; to others it does not exist",
    request: async (w) => ({ method: 'POST', url: `/api/subscriptions/${await otherFansSubscription(w)}/cancel` }),
    expected: matrix({ anonymous: 401, otherFan: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'POST /api/subscriptions/:id/resume',
    case: "otherFan's cancelled subscription: otherFan and admins; to others it does not exist",
    request: async (w) => ({
      method: 'POST',
      url: `/api/subscriptions/${await otherFansCancelledSubscription(w)}/resume`,
    }),
    expected: matrix({ anonymous: 401, otherFan: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'POST /api/subscriptions/:id/resume',
    case: 'an unknown subscription',
    request: () => ({ method: 'POST', url: `/api/subscriptions/${crypto.randomUUID()}/resume` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
  {
    route: 'GET /api/subscriptions/payments/:memberID',
    case: "one's own receipts",
    request: (w, actor) => ({ method: 'GET', url: `/api/subscriptions/payments/${memberId(w, actor)}` }),
    expected: signedInOnly(200),
  },
  {
    route: 'GET /api/subscriptions/payments/:memberID',
    case: "fan's receipts: fan and admins",
    request: (w) => ({ method: 'GET', url: `/api/subscriptions/payments/${w.people.fan.id}` }),
    expected: matrix({ anonymous: 401, fan: 200, admin: 200, rest: 403 }),
  },
  {
    route: 'GET /api/subscriptions/receipts/:id',
    case: "otherFan's receipt: otherFan and admins; to others it does not exist",
    request: async (w) => ({ method: 'GET', url: `/api/subscriptions/receipts/${await otherFansReceipt(w)}` }),
    expected: matrix({ anonymous: 401, otherFan: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'GET /api/subscriptions/receipts/:id',
    case: 'an unknown receipt',
    request: () => ({ method: 'GET', url: `/api/subscriptions/receipts/${crypto.randomUUID()}` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
  {
    route: 'POST /api/subscriptions/:id/cancel',
    case: 'an unknown subscription',
    request: () => ({ method: 'POST', url: `/api/subscriptions/${crypto.randomUUID()}/cancel` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
];
