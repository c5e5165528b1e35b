CREATE TABLE "python_programs" (
	"user_id" text NOT NULL,
	"program_id" text NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "python_programs_user_id_program_id_pk" PRIMARY KEY("user_id","program_id")
);
--> statement-breakpoint
ALTER TABLE "python_programs" ADD CONSTRAINT "python_programs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;