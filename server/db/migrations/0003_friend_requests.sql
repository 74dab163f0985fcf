CREATE TABLE "friend_requests" (
	"requester_id" text NOT NULL,
	"addressee_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone,
	CONSTRAINT "friend_requests_requester_id_addressee_id_pk" PRIMARY KEY("requester_id","addressee_id"),
	CONSTRAINT "friend_requests_not_self" CHECK ("friend_requests"."requester_id" <> "friend_requests"."addressee_id")
);
--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_requests_pair" ON "friend_requests" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "friend_requests_addressee_idx" ON "friend_requests" USING btree ("addressee_id","created_at");--> statement-breakpoint
CREATE INDEX "friend_requests_declined_idx" ON "friend_requests" USING btree ("declined_at") WHERE "friend_requests"."declined_at" is not null;