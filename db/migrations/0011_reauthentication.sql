ALTER TABLE "session" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Sessions open before this migration were authenticated when they were created.
UPDATE "session" SET "authenticated_at" = "created_at";
