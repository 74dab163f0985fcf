ALTER TABLE "chat_messages" ADD COLUMN "addressee_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_addressee_idx" ON "chat_messages" USING btree ("addressee_id") WHERE "chat_messages"."addressee_id" is not null;--> statement-breakpoint
-- Data: participant counts by the new rule (docs/RULES.md "Sandboxes stay apart"): a demo account counts only in a Pact a demo account created. Also drops the visitors who joined real Pacts and were deleted after 24 hours without lowering the count.
UPDATE "pacts" SET "participant_count" = (SELECT count(*)::int FROM "participations" cp JOIN "users" pu ON pu.id = cp.user_id JOIN "users" cu ON cu.id = "pacts"."creator_id" WHERE cp.pact_id = "pacts"."id" AND cp.status = 'active' AND (NOT pu.is_demo OR cu.is_demo));
