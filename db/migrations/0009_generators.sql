-- French full-text search without accents for the generators' corpus (unaccent is a trusted extension:
-- the database owner may create it). Both PGlite (extension loaded by db/client.server.ts) and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'tremplin_fr') THEN
		CREATE TEXT SEARCH CONFIGURATION tremplin_fr (COPY = french);
		ALTER TEXT SEARCH CONFIGURATION tremplin_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
	END IF;
END $$;--> statement-breakpoint
CREATE TABLE "corpus_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" text NOT NULL,
	"permission" text NOT NULL,
	"url" text NOT NULL,
	"page_title" text NOT NULL,
	"heading" text NOT NULL,
	"body" text NOT NULL,
	"position" integer NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tremplin_fr', page_title), 'A') || setweight(to_tsvector('tremplin_fr', heading), 'B') || setweight(to_tsvector('tremplin_fr', body), 'C')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_sources" (
	"content_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" bigint,
	"kind" text NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_cards_kind_check" CHECK ("generated_cards"."kind" in ('definition', 'cloze', 'question'))
);
--> statement-breakpoint
ALTER TABLE "generated_cards" ADD CONSTRAINT "generated_cards_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_cards" ADD CONSTRAINT "generated_cards_generation_id_user_activity_history_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."user_activity_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corpus_passages_search_idx" ON "corpus_passages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "corpus_passages_content_idx" ON "corpus_passages" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "generated_cards_user_idx" ON "generated_cards" USING btree ("user_id","id");