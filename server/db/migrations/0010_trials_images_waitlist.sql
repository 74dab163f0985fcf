CREATE TABLE "live_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"with_redis" boolean NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trials_taken" (
	"team_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trials_taken" ADD CONSTRAINT "trials_taken_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trials_taken_team_email_unique" ON "trials_taken" USING btree ("team_id","email_hash");