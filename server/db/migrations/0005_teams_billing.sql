CREATE TABLE "billing_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "coach_id" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "simulate_payment_failure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_coach_idx" ON "charges" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_refund_of_idx" ON "charges" USING btree ("refund_of");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_unique" ON "subscriptions" USING btree ("provider_ref");