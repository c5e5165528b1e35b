CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"instructions_html" text DEFAULT '' NOT NULL,
	"linked_path" text,
	"due_at" timestamp with time zone NOT NULL,
	"max_points" integer DEFAULT 20 NOT NULL,
	"rescale_to_20" boolean DEFAULT true NOT NULL,
	"coefficient" double precision DEFAULT 1 NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"grades_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_max_points_check" CHECK ("assignments"."max_points" between 1 and 100),
	CONSTRAINT "assignments_coefficient_check" CHECK ("assignments"."coefficient" >= 0 and "assignments"."coefficient" <= 99),
	CONSTRAINT "assignments_status_check" CHECK ("assignments"."status" in ('draft', 'published')),
	CONSTRAINT "assignments_period_check" CHECK ("assignments"."period" in ('t1', 't2', 't3', 's1', 's2'))
);
--> statement-breakpoint
CREATE TABLE "colle_group_members" (
	"group_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colle_group_members_group_id_student_id_pk" PRIMARY KEY("group_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "colle_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colle_marks" (
	"slot_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"points" double precision,
	"status" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colle_marks_slot_id_student_id_pk" PRIMARY KEY("slot_id","student_id"),
	CONSTRAINT "colle_marks_points_check" CHECK ("colle_marks"."points" is null or ("colle_marks"."points" >= 0 and "colle_marks"."points" <= 20)),
	CONSTRAINT "colle_marks_points_or_status_check" CHECK ("colle_marks"."points" is null or "colle_marks"."status" is null)
);
--> statement-breakpoint
CREATE TABLE "colle_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"colleur_id" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colle_slots_weekday_check" CHECK ("colle_slots"."weekday" between 1 and 6),
	CONSTRAINT "colle_slots_period_check" CHECK ("colle_slots"."period" in ('t1', 't2', 't3', 's1', 's2'))
);
--> statement-breakpoint
CREATE TABLE "comment_bank" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"assignment_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"points" double precision,
	"status" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id"),
	CONSTRAINT "grades_points_or_status_check" CHECK ("grades"."points" is null or "grades"."status" is null),
	CONSTRAINT "grades_points_check" CHECK ("grades"."points" is null or "grades"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"quiz_score" integer,
	"quiz_total" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"subjects" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "colle_coefficient" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_group_members" ADD CONSTRAINT "colle_group_members_group_id_colle_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."colle_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_group_members" ADD CONSTRAINT "colle_group_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_group_members" ADD CONSTRAINT "colle_group_members_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_groups" ADD CONSTRAINT "colle_groups_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_marks" ADD CONSTRAINT "colle_marks_slot_id_colle_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."colle_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_marks" ADD CONSTRAINT "colle_marks_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_slots" ADD CONSTRAINT "colle_slots_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_slots" ADD CONSTRAINT "colle_slots_group_id_colle_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."colle_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colle_slots" ADD CONSTRAINT "colle_slots_colleur_id_user_id_fk" FOREIGN KEY ("colleur_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_bank" ADD CONSTRAINT "comment_bank_teacher_id_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_class_due_idx" ON "assignments" USING btree ("class_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "colle_group_members_class_student_idx" ON "colle_group_members" USING btree ("class_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "colle_groups_class_name_idx" ON "colle_groups" USING btree ("class_id","name");--> statement-breakpoint
CREATE INDEX "colle_marks_student_idx" ON "colle_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "colle_slots_class_week_idx" ON "colle_slots" USING btree ("class_id","week_start");--> statement-breakpoint
CREATE INDEX "colle_slots_colleur_idx" ON "colle_slots" USING btree ("colleur_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_bank_teacher_text_idx" ON "comment_bank" USING btree ("teacher_id","text");--> statement-breakpoint
CREATE INDEX "grades_student_idx" ON "grades" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submission_files_submission_idx" ON "submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_assignment_student_idx" ON "submissions" USING btree ("assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "submissions_student_idx" ON "submissions" USING btree ("student_id");