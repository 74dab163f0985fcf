ALTER TABLE "users" ADD COLUMN "streak_freezes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_days" date[] DEFAULT '{}'::date[] NOT NULL;