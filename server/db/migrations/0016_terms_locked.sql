ALTER TABLE "pacts" ADD COLUMN "terms_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A Pact's terms were fixed by anyone besides its creator who counts (a real person; a demo account only in a demo
-- Pact) and still has a participation row, left or not.
UPDATE "pacts" p SET "terms_locked" = true WHERE EXISTS (
  SELECT 1 FROM "participations" cp
  WHERE cp.pact_id = p.id AND cp.user_id <> p.creator_id
    AND coalesce((SELECT NOT pu.is_demo OR cu.is_demo FROM users pu, users cu
                  WHERE pu.id = cp.user_id AND cu.id = p.creator_id), true)
);
