ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 hour' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_membership_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand (decision 029): open orders that the new unique indexes would refuse are
-- expired first, keeping each parent's newest one per thing bought and per plan.
UPDATE "orders" SET "status" = 'expired' WHERE "status" = 'pending' AND "id" NOT IN (SELECT max("id") FROM "orders" WHERE "status" = 'pending' GROUP BY "parent_id", "kind", "item_id");--> statement-breakpoint
UPDATE "orders" SET "status" = 'expired' WHERE "status" = 'pending' AND "kind" = 'plan' AND "id" NOT IN (SELECT max("id") FROM "orders" WHERE "status" = 'pending' AND "kind" = 'plan' GROUP BY "parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_item_uq" ON "orders" USING btree ("parent_id","kind","item_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_plan_uq" ON "orders" USING btree ("parent_id") WHERE kind = 'plan' and status = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending';