CREATE TABLE "proof_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proof_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"pact_id" integer NOT NULL,
	"code" text NOT NULL,
	"counts_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "challenge_id" integer;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "code_word" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "counts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "video_sha256" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "fingerprint_bands" integer[];--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "near_duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "proof_challenges" ADD CONSTRAINT "proof_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_challenges" ADD CONSTRAINT "proof_challenges_pact_id_pacts_id_fk" FOREIGN KEY ("pact_id") REFERENCES "public"."pacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_challenges_user_idx" ON "proof_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_challenge_id_proof_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."proof_challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_near_duplicate_of_id_proofs_id_fk" FOREIGN KEY ("near_duplicate_of_id") REFERENCES "public"."proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proofs_video_sha256_unique" ON "proofs" USING btree ("video_sha256") WHERE "proofs"."video_sha256" is not null;--> statement-breakpoint
CREATE INDEX "proofs_fingerprint_bands_idx" ON "proofs" USING gin ("fingerprint_bands");