import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  customType,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Accounts (shape expected by better-auth's drizzle adapter) ────────────────────────────────
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** E.164 (+33612345678); optional, unique, usable to sign in. */
  phoneNumber: text("phone_number").unique(),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The last time the user proved who they are on this session: sign-in, or « Confirmer votre identité » (issue #27). */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("session_user_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("two_factor_user_idx").on(table.userId), index("two_factor_secret_idx").on(table.secret)],
);

// ── Tables of the specification (platform-core §3) ─────────────────────────────────────────────
export const userRoles = pgTable(
  "user_roles",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // "Read role": this user's newest row.
    index("user_roles_user_newest_idx").on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    check("user_roles_role_check", sql`${table.role} in ('user', 'prof', 'admin', 'super_admin')`),
  ],
);

export const userActivityHistory = pgTable(
  "user_activity_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    generatorType: text("generator_type"),
    inputData: jsonb("input_data"),
    outputData: jsonb("output_data"),
    metadata: jsonb("metadata"),
    createdAt: createdAt(),
  },
  // "Read history": this user's 100 newest rows.
  // DESC NULLS FIRST is what `order by … desc` means: the index serves the query in its own order.
  (table) => [
    index("user_activity_history_user_newest_idx").on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const progress = pgTable(
  "progress",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    module: text("module").notNull().default("main"),
    progression: integer("progression").notNull().default(0),
    completedActivities: jsonb("completed_activities").$type<Record<string, true>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("progress_user_module_idx").on(table.userId, table.module),
    check("progress_progression_range", sql`${table.progression} between 0 and 100`),
  ],
);

// ── Tables the specification leaves out (DESIGN §6) ─────────────────────────────────────────────

/** Fixed-window counters for sign-in, sign-up, recovery and one-time codes, shared by all instances. */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A right to a section (maths), from an admin grant, a redeemed code or a class. */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    section: text("section").notNull(),
    source: text("source").notNull(),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    codeId: uuid("code_id").references(() => accessCodes.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("access_grants_user_section_idx").on(table.userId, table.section),
    check("access_grants_section_check", sql`${table.section} in ('maths')`),
    check("access_grants_source_check", sql`${table.source} in ('admin', 'code', 'class')`),
  ],
);

/** Access codes are stored hashed (SHA-256 of the normalised code); the clear code is shown once. */
export const accessCodes = pgTable(
  "access_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeHash: text("code_hash").notNull().unique(),
    section: text("section").notNull(),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [check("access_codes_uses_check", sql`${table.uses} between 0 and ${table.maxUses}`)],
);

/** First-party analytics: named events, no automatic capture. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    event: text("event").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("analytics_events_event_time_idx").on(table.event, table.createdAt)],
);

/** « J'ai réussi » / « À revoir » on an exercise, one row per user and exercise (the latest choice). */
export const exerciseMarks = pgTable(
  "exercise_marks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    setId: text("set_id").notNull(),
    exerciseId: text("exercise_id").notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("exercise_marks_user_exercise_idx").on(table.userId, table.setId, table.exerciseId),
    check("exercise_marks_status_check", sql`${table.status} in ('reussi', 'a-revoir')`),
  ],
);

/** A finished quiz: the score the server computed from the answers. */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    quizId: text("quiz_id").notNull(),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    answers: jsonb("answers").$type<Record<string, string | string[]>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("quiz_attempts_user_quiz_idx").on(table.userId, table.quizId, table.createdAt.desc().nullsFirst()),
    check("quiz_attempts_score_check", sql`${table.score} between 0 and ${table.total}`),
  ],
);

/**
 * The signed-in user's review deck, scheduled with FSRS (ts-fsrs). One row per card and language;
 * the browser's flashcardsToReview list is merged into it at sign-in.
 */
export const flashcardReviews = pgTable(
  "flashcard_reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `{deckId}:{cardId}`, the id the flashcard player stores locally. */
    cardId: text("card_id").notNull(),
    language: text("language").notNull().default("fr"),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
    due: timestamp("due", { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("flashcard_reviews_user_card_idx").on(table.userId, table.cardId, table.language),
    // "Due cards first": this user's deck by due date.
    index("flashcard_reviews_user_due_idx").on(table.userId, table.due),
  ],
);

/** The last time a signed-in user opened each study page, for « Reprendre là où vous vous êtes arrêté ». */
export const contentVisits = pgTable(
  "content_visits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("content_visits_user_path_idx").on(table.userId, table.path),
    index("content_visits_user_recent_idx").on(table.userId, table.visitedAt.desc().nullsFirst()),
  ],
);

/** One row per user and study day (Paris time): the dashboard's streak and activity chart. */
export const studyDays = pgTable(
  "study_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** Study events that day: pages opened, quizzes finished, exercises marked, cards reviewed. */
    events: integer("events").notNull().default(1),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

// ── Teacher space (issue #13) ───────────────────────────────────────────────────────────────────

/** A teacher's class (a « cours » in the teacher space's URLs). Students join it with its code. */
export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ecg1 | ecg2 (1re or 2e année). */
    level: text("level").notNull(),
    /** The subject taught (app/features/classes/classes.ts: CLASS_SUBJECTS). */
    subject: text("subject").notNull(),
    /** « 2026-2027 ». */
    schoolYear: text("school_year").notNull(),
    /** Shown to the teacher and typed by students: 8 letters and digits, normalised (no separator). */
    joinCode: text("join_code").notNull().unique(),
    joinEnabled: boolean("join_enabled").notNull().default(true),
    /** Members hold the maths right while they are members (DESIGN §4). */
    grantsMaths: boolean("grants_maths").notNull().default(false),
    /** Weight of a period's colle mean in the averages; 0: colles are not counted. */
    colleCoefficient: doublePrecision("colle_coefficient").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // "A teacher's classes, newest first".
    index("classes_teacher_idx").on(table.teacherId, table.createdAt.desc().nullsFirst()),
    check("classes_level_check", sql`${table.level} in ('ecg1', 'ecg2')`),
    check("classes_school_year_check", sql`${table.schoolYear} ~ '^[0-9]{4}-[0-9]{4}$'`),
  ],
);

/** A student's membership of a class. */
export const classMembers = pgTable(
  "class_members",
  {
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.classId, table.userId] }),
    // "The classes of a student" and the maths right through a class.
    index("class_members_user_idx").on(table.userId),
  ],
);

/** Binary content of bytea columns (Buffer in Node, on both drivers). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A piece of homework, a test or a colle set to a class (« devoir »). Students see it once published. */
export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** ds | dm | colle | interrogation | concours-blanc | en-ligne (app/features/assignments/assignments.ts). */
    kind: text("kind").notNull(),
    /** Markdown with formulas, as the teacher wrote it, and its HTML (rendered once, on save). */
    instructions: text("instructions").notNull().default(""),
    instructionsHtml: text("instructions_html").notNull().default(""),
    /** A catalogue path (a quiz, an exercise set, a chapter) the students work on. */
    linkedPath: text("linked_path"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** Marked out of maxPoints; rescaleTo20 brings the mark to /20 in the averages. */
    maxPoints: integer("max_points").notNull().default(20),
    rescaleTo20: boolean("rescale_to_20").notNull().default(true),
    coefficient: doublePrecision("coefficient").notNull().default(1),
    /** t1 | t2 | t3 | s1 | s2. */
    period: text("period").notNull(),
    /** draft | published. */
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Marks are drafts until this is set: then students see theirs. */
    gradesPublishedAt: timestamp("grades_published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // "A class's assignments by due date" and "assignments due this week".
    index("assignments_class_due_idx").on(table.classId, table.dueAt),
    check("assignments_max_points_check", sql`${table.maxPoints} between 1 and 100`),
    check("assignments_coefficient_check", sql`${table.coefficient} >= 0 and ${table.coefficient} <= 99`),
    check("assignments_status_check", sql`${table.status} in ('draft', 'published')`),
    check("assignments_period_check", sql`${table.period} in ('t1', 't2', 't3', 's1', 's2')`),
  ],
);

/** A student's work for an assignment: one per student, replaced until the due date. */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    /** The linked quiz's attempt, recorded when the student finishes it. */
    quizScore: integer("quiz_score"),
    quizTotal: integer("quiz_total"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** Submitted after the due date. */
    late: boolean("late").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("submissions_assignment_student_idx").on(table.assignmentId, table.studentId),
    index("submissions_student_idx").on(table.studentId),
  ],
);

/** A file attached to a submission; its bytes are in the file store (stored_files or a bucket). */
export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** application/pdf | image/jpeg | image/png, as read from the content. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index("submission_files_submission_idx").on(table.submissionId)],
);

/** The embedded file store: bytes shared by every instance through the database. */
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
});

/** A student's mark for an assignment: points or a status (Abs, Disp…), a comment; drafts until published. */
export const grades = pgTable(
  "grades",
  {
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    points: doublePrecision("points"),
    /** abs | abs-excuse | disp | non-rendu | non-note. */
    status: text("status"),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.assignmentId, table.studentId] }),
    index("grades_student_idx").on(table.studentId),
    check("grades_points_or_status_check", sql`${table.points} is null or ${table.status} is null`),
    check("grades_points_check", sql`${table.points} is null or ${table.points} >= 0`),
  ],
);

/** A teacher's reusable comments. */
export const commentBank = pgTable(
  "comment_bank",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("comment_bank_teacher_text_idx").on(table.teacherId, table.text)],
);

/** What a user is told on their dashboard (marks published…), newest first. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** A same-site path. */
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.createdAt.desc().nullsFirst())],
);

// ── Colles ────────────────────────────────────────────────────────────────────────────────────

/** A colle group of a class (a trinôme: three students, sometimes two or four). */
export const colleGroups = pgTable(
  "colle_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("colle_groups_class_name_idx").on(table.classId, table.name)],
);

/** A student's group; a student is in one group per class. */
export const colleGroupMembers = pgTable(
  "colle_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => colleGroups.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.studentId] }),
    uniqueIndex("colle_group_members_class_student_idx").on(table.classId, table.studentId),
  ],
);

/** A line of the colloscope: a group's colle in a week, at a time, in a room, with a colleur. */
export const colleSlots = pgTable(
  "colle_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => colleGroups.id, { onDelete: "cascade" }),
    /** The Monday of the week. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    /** 1 (lundi) to 6 (samedi), and « 17:00 ». */
    weekday: integer("weekday").notNull(),
    startTime: text("start_time").notNull(),
    room: text("room").notNull().default(""),
    /** The colleur's account: they see and mark only their own slots. */
    colleurId: text("colleur_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** t1 | t2 | t3 | s1 | s2: the period the marks count in. */
    period: text("period").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("colle_slots_class_week_idx").on(table.classId, table.weekStart),
    index("colle_slots_colleur_idx").on(table.colleurId, table.weekStart),
    check("colle_slots_weekday_check", sql`${table.weekday} between 1 and 6`),
    check("colle_slots_period_check", sql`${table.period} in ('t1', 't2', 't3', 's1', 's2')`),
  ],
);

/** A student's colle mark out of 20, with the colleur's comment. */
export const colleMarks = pgTable(
  "colle_marks",
  {
    slotId: uuid("slot_id")
      .notNull()
      .references(() => colleSlots.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    points: doublePrecision("points"),
    /** abs | abs-excuse | disp | non-rendu | non-note (as grades). */
    status: text("status"),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.slotId, table.studentId] }),
    index("colle_marks_student_idx").on(table.studentId),
    check("colle_marks_points_check", sql`${table.points} is null or (${table.points} >= 0 and ${table.points} <= 20)`),
    check("colle_marks_points_or_status_check", sql`${table.points} is null or ${table.status} is null`),
  ],
);

/**
 * A teacher's public profile (/professeur-dashboard), created as a draft when an application is accepted;
 * shown on /nos-profs once the teacher makes it public.
 */
export const teacherProfiles = pgTable("teacher_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  displayName: text("display_name").notNull(),
  subjects: text("subjects").notNull().default(""),
  /** The levels taught, comma-separated keys of LEVELS (requests/levels.ts). */
  levels: text("levels").notNull().default(""),
  bio: text("bio").notNull().default(""),
  isPublic: boolean("is_public").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Requests: contact and coaching leads, teacher applications, reviews (issue #14) ──────────────

/** A request from a visitor: the contact form (kind contact) or a coaching request (kind parent, /parent-form). */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** contact | parent */
    kind: text("kind").notNull(),
    /** nouveau | en-cours | traite | sans-suite */
    status: text("status").notNull().default("nouveau"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** Contact: the subject's key; parent: the subjects asked for, comma-separated. */
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The parent form's other fields (student, level, format, availability…), as validated. */
    details: jsonb("details").notNull().default({}),
    /** The teacher chosen on the parent form, when the family chose one. */
    requestedTeacherId: text("requested_teacher_id").references(() => user.id, { onDelete: "set null" }),
    /** The account that sent it, when signed in. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("leads_status_created_idx").on(table.status, table.createdAt),
    index("leads_created_idx").on(table.createdAt),
    check("leads_kind_check", sql`${table.kind} in ('contact', 'parent')`),
    check("leads_status_check", sql`${table.status} in ('nouveau', 'en-cours', 'traite', 'sans-suite')`),
  ],
);

/** What happened to a lead: internal notes, replies sent by e-mail, status and assignee changes. */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** note | reply | status | assign */
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("lead_events_lead_idx").on(table.leadId, table.createdAt)],
);

/** An application to teach (/professeur); tied to the account when the applicant was signed in. */
export const teacherApplications = pgTable(
  "teacher_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subjects: text("subjects").notNull(),
    levels: text("levels").notNull(),
    diplomas: text("diplomas").notNull(),
    experience: text("experience").notNull(),
    availability: text("availability").notNull(),
    motivation: text("motivation").notNull(),
    cvName: text("cv_name").notNull(),
    cvSize: integer("cv_size").notNull(),
    /** The CV's key in the file store (files/file-store.server.ts). */
    cvKey: text("cv_key").notNull(),
    /** pending | accepted | declined */
    status: text("status").notNull().default("pending"),
    decisionMessage: text("decision_message").notNull().default(""),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("teacher_applications_status_idx").on(table.status, table.createdAt),
    index("teacher_applications_user_idx").on(table.userId),
    check("teacher_applications_status_check", sql`${table.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/** A review (/avis): one per account, shown once an admin approved it. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    subject: text("subject").notNull(),
    offer: text("offer").notNull(),
    text: text("text").notNull(),
    /** pending | published | rejected */
    status: text("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason").notNull().default(""),
    moderatedBy: text("moderated_by").references(() => user.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("reviews_status_published_idx").on(table.status, table.publishedAt),
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
    check("reviews_status_check", sql`${table.status} in ('pending', 'published', 'rejected')`),
  ],
);

/** Every admin action: who did what to which record, with the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's e-mail at the time (kept when the account is deleted). */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt), index("audit_log_target_idx").on(table.targetType, table.targetId)],
);

// ── Generators (issue #15) ─────────────────────────────────────────────────────────────────────

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The passages of the site's content that the generators retrieve, one per section of a page (or per
 * card, per exercise), searched with PostgreSQL's full-text search in French without accents
 * (configuration `tremplin_fr`, migration 0009). Rebuilt from the content store when an entry changes.
 */
export const corpusPassages = pgTable(
  "corpus_passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contentId: text("content_id").notNull(),
    /** The permission the page requires (access/policy.ts): passages a user may not read are never retrieved for them. */
    permission: text("permission").notNull(),
    /** The page with the anchor of the passage's heading. */
    url: text("url").notNull(),
    pageTitle: text("page_title").notNull(),
    heading: text("heading").notNull(),
    body: text("body").notNull(),
    position: integer("position").notNull(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('tremplin_fr', page_title), 'A') || setweight(to_tsvector('tremplin_fr', heading), 'B') || setweight(to_tsvector('tremplin_fr', body), 'C')`,
      ),
  },
  (table) => [
    index("corpus_passages_search_idx").using("gin", table.searchVector),
    index("corpus_passages_content_idx").on(table.contentId),
  ],
);

/** Which version of each content entry the passages come from (a hash of its compiled form). */
export const corpusSources = pgTable("corpus_sources", {
  contentId: text("content_id").primaryKey(),
  hash: text("hash").notNull(),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Flashcards a user generated and saved: private to them, reviewed in their FSRS deck under the card id
 * `generated:<id>`. `generationId` is the history row of the generation they come from.
 */
export const generatedCards = pgTable(
  "generated_cards",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    generationId: bigint("generation_id", { mode: "number" }).references(() => userActivityHistory.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    front: text("front").notNull(),
    back: text("back").notNull(),
    /** The page the card was drawn from, when it came from the catalogue. */
    sourceUrl: text("source_url"),
    createdAt: createdAt(),
  },
  (table) => [
    index("generated_cards_user_idx").on(table.userId, table.id),
    check("generated_cards_kind_check", sql`${table.kind} in ('definition', 'cloze', 'question')`),
  ],
);

/**
 * The last program a student typed for a runnable Python exercise (`<set>/<exercise>`) or the sandbox
 * (`bac-a-sable`), issue #16: found again on another device. One row per program, replaced on save.
 */
export const pythonPrograms = pgTable(
  "python_programs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    programId: text("program_id").notNull(),
    code: text("code").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.programId] })],
);
