DROP INDEX "content_visits_user_recent_idx";--> statement-breakpoint
DROP INDEX "quiz_attempts_user_quiz_idx";--> statement-breakpoint
DROP INDEX "user_activity_history_user_newest_idx";--> statement-breakpoint
DROP INDEX "user_roles_user_newest_idx";--> statement-breakpoint
CREATE INDEX "content_visits_user_recent_idx" ON "content_visits" USING btree ("user_id","visited_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_quiz_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_activity_history_user_newest_idx" ON "user_activity_history" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_roles_user_newest_idx" ON "user_roles" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);