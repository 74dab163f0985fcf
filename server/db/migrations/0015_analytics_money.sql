ALTER TABLE "team_daily_stats" ADD COLUMN "revenue_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_daily_stats" ADD COLUMN "net_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_daily_stats" ADD COLUMN "conversions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_daily_stats" ADD COLUMN "mrr_cents" integer;--> statement-breakpoint
ALTER TABLE "team_daily_stats" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;