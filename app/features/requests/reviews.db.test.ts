import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { auditLog, reviews } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, routeArgs, unwrap } from "../../../tests/support/routes";
import { action as adminAction, loader as adminLoader } from "../../routes/admin-reviews";
import { loader as homeLoader } from "../../routes/home";
import { action as reviewsAction, loader as reviewsLoader } from "../../routes/reviews";
import { setRole } from "../accounts/roles.server";
import { onBroadcast } from "../broadcast/broadcast.server";
import { HONEYPOT_FIELD, PUBLIC_FORM_MESSAGES } from "./requests";
import { MODERATION_MESSAGES, REVIEW_MESSAGES } from "./review-forms";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let admin: Account;
let prof: Account;

/** Cache invalidations announced so far (the anonymous HTML cache is emptied on each). */
let announced = 0;
let stopListening = () => {};

/** Each account posts from its own address: the per-IP limit of public forms never mixes tests. */
const ips = new Map<string, string>();
const ipOf = (account: Account) => {
  if (!ips.has(account.id)) ips.set(account.id, `203.0.113.${ips.size + 8}`);
  return ips.get(account.id)!;
};

const actionArgs = (request: Request, pattern: string, clientIp: string) =>
  ({ request, pattern, params: {}, context: { clientIp } }) as never;

const reviewFields = (fields: Partial<Record<string, string>> = {}) => ({
  intent: "save",
  rating: "5",
  subject: "maths",
  offer: "coaching-maths",
  text: "Des séances claires et des exercices bien choisis avant chaque DS.",
  [HONEYPOT_FIELD]: "",
  ...fields,
});

type PublicPage = Awaited<ReturnType<typeof reviewsLoader>>;
const page = {
  load: (cookie = "", query = ""): Promise<PublicPage> => reviewsLoader(routeArgs(browserRequest(`/avis${query}`, cookie), "/avis")),
  send: async (account: Account, fields: Record<string, string>) =>
    unwrap(await reviewsAction(actionArgs(formRequest("/avis", account.cookie, fields), "/avis", ipOf(account)))),
};

type AdminPage = Awaited<ReturnType<typeof adminLoader>>;
const console_ = {
  load: (cookie: string, query = ""): Promise<AdminPage> =>
    adminLoader(routeArgs(browserRequest(`/admin/avis${query}`, cookie), "/admin/avis")),
  send: async (cookie: string, fields: Record<string, string>) =>
    unwrap(await adminAction(actionArgs(formRequest("/admin/avis", cookie, fields), "/admin/avis", "203.0.113.250"))),
};

async function rowOf(account: Account) {
  const [row] = await handle.db.select().from(reviews).where(eq(reviews.userId, account.id));
  return row;
}

/** The admin's decision on the account's review, as the console sends it (with the version it shows). */
async function decide(account: Account, intent: "approve" | "reject" | "unpublish", extra: Record<string, string> = {}) {
  const row = await rowOf(account);
  return console_.send(admin.cookie, { intent, id: row.id, version: row.updatedAt.toISOString(), ...extra });
}

/** A new account whose review is posted and published. */
async function publishedReviewBy(name: string, fields: Partial<Record<string, string>> = {}) {
  const author = await registerStudent(name);
  expect((await page.send(author, reviewFields(fields))).status).toBe(200);
  expect((await decide(author, "approve")).status).toBe(200);
  return author;
}

beforeAll(async () => {
  handle = await useTestDatabase();
  [admin, prof] = await Promise.all([registerStudent("Inès"), registerStudent("Hugo")]);
  await setRole(admin.id, "admin");
  await setRole(prof.id, "prof");
  stopListening = onBroadcast(["public-data"], () => announced++);
});
afterAll(async () => {
  stopListening();
  await handle?.close();
});

describe(`reviews (${process.env.TEST_DB_DRIVER})`, () => {
  it("a review is pending until read: its author sees it, nobody else; a second post edits the same row", async () => {
    const lina = await registerStudent("Lina");
    const first = await page.send(lina, reviewFields());
    expect(first).toMatchObject({ status: 200, body: { toast: { type: "success", title: REVIEW_MESSAGES.created } } });
    const row = await rowOf(lina);
    expect(row).toMatchObject({ status: "pending", rating: 5, subject: "maths", offer: "coaching-maths", publishedAt: null });

    const own = await page.load(lina.cookie);
    expect(own.viewer?.own).toMatchObject({ status: "pending", rating: 5, text: reviewFields().text });
    expect(own.reviews).toEqual([]);
    const visitor = await page.load();
    expect(visitor).toMatchObject({ viewer: null, reviews: [], count: 0, publishedCount: 0, jsonLd: null });
    const other = await page.load((await registerStudent("Oscar")).cookie);
    expect(other.viewer).toEqual({ own: null, emailVerified: true });

    // One review per account: posting again replaces it.
    const second = await page.send(lina, reviewFields({ rating: "4", text: "Finalement : très utile, surtout les corrigés détaillés." }));
    expect(second.body.toast).toMatchObject({ title: REVIEW_MESSAGES.updated });
    const rows = await handle.db.select().from(reviews).where(eq(reviews.userId, lina.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: row.id,
      rating: 4,
      status: "pending",
      text: "Finalement : très utile, surtout les corrigés détaillés.",
    });
    // The same content again changes nothing.
    const third = await page.send(
      lina,
      reviewFields({ rating: "4", text: "  Finalement : très utile, surtout les corrigés détaillés.\r\n" }),
    );
    expect(third.body.toast).toMatchObject({ type: "info", title: REVIEW_MESSAGES.unchanged });
    expect((await rowOf(lina)).updatedAt).toEqual(rows[0].updatedAt);
  });

  it("refuses bad input with a 400 and French messages, keeps what was typed and stores nothing", async () => {
    const basile = await registerStudent("Basile");
    const typed = { rating: "", subject: "astrologie", offer: "plateforme", text: "Trop court" };
    const refused = await page.send(basile, reviewFields(typed));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      values: typed,
      message: REVIEW_MESSAGES.checkFields,
      fieldErrors: { rating: REVIEW_MESSAGES.rating, subject: REVIEW_MESSAGES.subject, text: REVIEW_MESSAGES.textShort },
    });
    // A robot filling the honeypot is refused with the same words as a real refusal.
    const robot = await page.send(basile, reviewFields({ [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(robot).toMatchObject({ status: 400, body: { message: PUBLIC_FORM_MESSAGES.refused } });
    expect(await rowOf(basile)).toBeUndefined();
    // Unknown intents are refused too.
    expect((await page.send(basile, { intent: "publish" })).status).toBe(400);
    // A visitor is sent to sign in first.
    const visitorPost = reviewsAction(actionArgs(formRequest("/avis", "", reviewFields()), "/avis", "203.0.113.200"));
    expect(await redirectOf(visitorPost)).toBe("/login?next=%2Favis");
  });

  it("an admin publishes: first name and initial only, average and count, JSON-LD, filters", async () => {
    const marie = await registerStudent("Marie Dupont");
    const paul = await registerStudent("Paul");
    await page.send(marie, reviewFields({ rating: "5" }));
    await page.send(
      paul,
      reviewFields({ rating: "4", subject: "python", offer: "plateforme", text: "Les exercices Python corrigés m'ont fait progresser." }),
    );

    const [marieId, paulId] = [(await rowOf(marie)).id, (await rowOf(paul)).id];
    const queue = await console_.load(admin.cookie);
    expect(queue.pending.map((review) => review.id)).toEqual(expect.arrayContaining([marieId, paulId]));
    expect(queue.pending.find((review) => review.id === marieId)).toMatchObject({ authorName: "Marie Dupont", authorEmail: marie.email });

    const before = announced;
    expect((await decide(marie, "approve")).body.toast).toMatchObject({ title: MODERATION_MESSAGES.approved });
    expect((await decide(paul, "approve")).body.toast).toMatchObject({ title: MODERATION_MESSAGES.approved });
    expect(announced).toBe(before + 2);
    expect(await rowOf(marie)).toMatchObject({ status: "published", moderatedBy: admin.id });
    expect((await rowOf(marie)).publishedAt).toBeInstanceOf(Date);

    const visitor = await page.load();
    expect(visitor).toMatchObject({ count: 2, average: 4.5, publishedCount: 2, page: 1, pageCount: 1 });
    // Newest first; the name shown is the first name and the initial of the last word.
    expect(visitor.reviews.map((review) => [review.author, review.rating, review.subject, review.offer])).toEqual([
      ["Paul", 4, "Informatique (Python)", "La plateforme en ligne"],
      ["Marie D.", 5, "Mathématiques", "Coaching Maths"],
    ]);
    expect(visitor.reviews[0].date).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(JSON.stringify(visitor)).not.toContain(marie.email);
    expect(JSON.stringify(visitor)).not.toContain("Dupont");
    expect(JSON.parse(visitor.jsonLd!)).toMatchObject({
      "@type": "Organization",
      name: "Tremplin",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });

    // The filters narrow the list, the average and the count; the JSON-LD stays over every review.
    expect(await page.load("", "?matiere=maths")).toMatchObject({ count: 1, average: 5, filters: { matiere: "maths", offre: "" } });
    expect(await page.load("", "?offre=plateforme")).toMatchObject({ count: 1, average: 4 });
    const none = await page.load("", "?matiere=maths&offre=plateforme");
    expect(none).toMatchObject({ count: 0, average: null, reviews: [], publishedCount: 2 });
    expect(JSON.parse(none.jsonLd!).aggregateRating.reviewCount).toBe(2);
    // Unknown filters are ignored.
    expect(await page.load("", "?matiere=%3Cscript%3E&page=abc")).toMatchObject({ count: 2, filters: { matiere: "" }, page: 1 });

    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [marieId, paulId]));
    expect(audit).toHaveLength(2);
    for (const entry of audit)
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        action: "review.approve",
        targetType: "review",
        before: { status: "pending" },
        after: { status: "published" },
      });
  });

  it("an edit of a published review sends it back to moderation and off the site", async () => {
    const claire = await publishedReviewBy("Claire", { offer: "stage-pre-rentree" });
    expect((await page.load("", "?offre=stage-pre-rentree")).count).toBe(1);
    const before = announced;
    const edited = await page.send(
      claire,
      reviewFields({ offer: "stage-pre-rentree", text: "Le stage m'a remis à niveau en deux semaines." }),
    );
    expect(edited.body.toast).toMatchObject({ title: REVIEW_MESSAGES.updated, description: REVIEW_MESSAGES.updatedDescription });
    expect(await rowOf(claire)).toMatchObject({ status: "pending", publishedAt: null, moderatedBy: null });
    expect(announced).toBe(before + 1);
    expect((await page.load("", "?offre=stage-pre-rentree")).count).toBe(0);
    expect((await page.load(claire.cookie)).viewer?.own).toMatchObject({
      status: "pending",
      text: "Le stage m'a remis à niveau en deux semaines.",
    });
  });

  it("a refusal needs a reason, which the author reads; decisions apply only to the version read", async () => {
    const noe = await registerStudent("Noé");
    await page.send(noe, reviewFields({ text: "Bien, mais j'aurais aimé plus de sujets de concours." }));
    const row = await rowOf(noe);

    const missing = await decide(noe, "reject");
    expect(missing).toMatchObject({
      status: 400,
      body: { fieldErrors: { reason: MODERATION_MESSAGES.reasonMissing }, values: { reason: "" } },
    });
    const short = await decide(noe, "reject", { reason: "Non" });
    expect(short).toMatchObject({
      status: 400,
      body: { fieldErrors: { reason: MODERATION_MESSAGES.reasonShort }, values: { reason: "Non" } },
    });
    expect(await rowOf(noe)).toMatchObject({ status: "pending", updatedAt: row.updatedAt });

    const reason = "Votre avis cite le nom d'un autre élève : retirez-le et renvoyez-le.";
    expect((await decide(noe, "reject", { reason })).body.toast).toMatchObject({ title: MODERATION_MESSAGES.rejected });
    expect(await rowOf(noe)).toMatchObject({ status: "rejected", rejectionReason: reason });
    expect((await page.load(noe.cookie)).viewer?.own).toMatchObject({ status: "rejected", rejectionReason: reason });
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, row.id));
    expect(entry).toMatchObject({
      action: "review.reject",
      before: { status: "pending" },
      after: { status: "rejected", rejectionReason: reason },
    });

    // A stale version (the admin read the review before it changed) or a decision that does not apply: 409, nothing written.
    const stale = await console_.send(admin.cookie, { intent: "approve", id: row.id, version: row.updatedAt.toISOString() });
    expect(stale).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.changed } });
    expect((await decide(noe, "unpublish")).status).toBe(409);
    expect(await rowOf(noe)).toMatchObject({ status: "rejected" });
    const unknown = await console_.send(admin.cookie, {
      intent: "approve",
      id: "00000000-0000-4000-8000-000000000000",
      version: row.updatedAt.toISOString(),
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: MODERATION_MESSAGES.notFound } });
    expect((await console_.send(admin.cookie, { intent: "approve", id: "nope", version: "hier" })).status).toBe(400);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.targetId, row.id))).length).toBe(1);

    // The author edits: back to pending, the reason goes.
    await page.send(noe, reviewFields({ text: "Bien, mais j'aurais aimé plus de sujets de concours blancs." }));
    expect(await rowOf(noe)).toMatchObject({ status: "pending", rejectionReason: "" });
  });

  it("unpublishing puts a published review back in the queue, audited", async () => {
    const rose = await publishedReviewBy("Rose", { offer: "organisation-ete" });
    const before = announced;
    expect((await decide(rose, "unpublish")).body.toast).toMatchObject({ title: MODERATION_MESSAGES.unpublished });
    expect(announced).toBe(before + 1);
    expect(await rowOf(rose)).toMatchObject({ status: "pending", publishedAt: null });
    expect((await page.load("", "?offre=organisation-ete")).count).toBe(0);
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, (await rowOf(rose)).id));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["review.approve", { status: "pending" }, { status: "published" }],
      ["review.unpublish", { status: "published" }, { status: "pending" }],
    ]);
    const queue = await console_.load(admin.cookie);
    expect(queue.pending.map((review) => review.id)).toContain((await rowOf(rose)).id);
    expect((await console_.load(admin.cookie, "?statut=rejected")).others.every((review) => review.status === "rejected")).toBe(true);
  });

  it("the console is the admins': a prof, a student or a visitor is refused and nothing changes", async () => {
    const sam = await registerStudent("Sam");
    await page.send(sam, reviewFields());
    const row = await rowOf(sam);
    const approve = { intent: "approve", id: row.id, version: row.updatedAt.toISOString() };
    for (const cookie of [prof.cookie, sam.cookie]) {
      expect(await redirectOf(console_.load(cookie))).toBe("/");
      expect(await redirectOf(adminAction(actionArgs(formRequest("/admin/avis", cookie, approve), "/admin/avis", "203.0.113.251")))).toBe(
        "/",
      );
    }
    expect(await redirectOf(console_.load(""))).toBe("/login?next=%2Fadmin%2Favis");
    expect(await redirectOf(adminAction(actionArgs(formRequest("/admin/avis", "", approve), "/admin/avis", "203.0.113.252")))).toBe(
      "/login?next=%2Fadmin%2Favis",
    );
    expect(await rowOf(sam)).toMatchObject({ status: "pending", updatedAt: row.updatedAt });
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.targetId, row.id))).toEqual([]);
  });

  it("a user only ever writes or deletes their own review, whatever id the form carries", async () => {
    const victim = await publishedReviewBy("Victor");
    const victimRow = await rowOf(victim);
    const forger = await registerStudent("Félix");

    const forged = await page.send(
      forger,
      reviewFields({ id: victimRow.id, userId: victim.id, rating: "1", text: "Texte écrit à la place d'un autre." }),
    );
    expect(forged.status).toBe(200);
    expect(await rowOf(victim)).toEqual(victimRow);
    expect(await rowOf(forger)).toMatchObject({ rating: 1, status: "pending" });

    expect((await page.send(forger, { intent: "delete", id: victimRow.id, userId: victim.id })).body.toast).toMatchObject({
      title: REVIEW_MESSAGES.deleted,
    });
    expect(await rowOf(forger)).toBeUndefined();
    expect(await rowOf(victim)).toEqual(victimRow);
    expect(await page.send(forger, { intent: "delete", id: victimRow.id })).toMatchObject({
      status: 404,
      body: { message: REVIEW_MESSAGES.nothingToDelete },
    });
    expect(await rowOf(victim)).toEqual(victimRow);

    // Its author may delete it: it leaves the site at once.
    const before = announced;
    await page.send(victim, { intent: "delete" });
    expect(await rowOf(victim)).toBeUndefined();
    expect(announced).toBe(before + 1);
  });

  it("the home page shows the three latest published reviews, cut to an excerpt", async () => {
    await publishedReviewBy("Ambre");
    await publishedReviewBy("Bastien", { rating: "3", text: "Correct, même si les séances de maths allaient parfois trop vite pour moi." });
    const long = `${"Le coaching m'a appris à organiser mes semaines et à relire mes DS avec méthode. ".repeat(12)}Merci.`;
    const latest = await publishedReviewBy("Chloé Martin", { rating: "5", text: long });

    const home = await homeLoader(routeArgs(browserRequest("/"), "/"));
    expect(home.reviews).toHaveLength(3);
    expect(home.reviews.map((review) => review.author)).toEqual(["Chloé M.", "Bastien", "Ambre"]);
    expect(home.reviews[0].id).toBe((await rowOf(latest)).id);
    expect(home.reviews[0].excerpt.length).toBeLessThanOrEqual(241);
    expect(home.reviews[0].excerpt.endsWith("…")).toBe(true);
    expect(home.reviews[1]).toMatchObject({
      rating: 3,
      excerpt: "Correct, même si les séances de maths allaient parfois trop vite pour moi.",
    });
    expect(JSON.stringify(home)).not.toContain(latest.email);
  });
});
