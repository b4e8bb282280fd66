CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"membership_id" integer,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"credits_taken_back" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"reason" text NOT NULL,
	"staff_id" integer,
	"idempotency_key" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"invoice_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"membership_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_goods" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_goods" ADD COLUMN "provider_price_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "offer_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "provider_price_id" text;--> statement-breakpoint
ALTER TABLE "recharge_packages" ADD COLUMN "provider_price_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_uq" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_uq" ON "refunds" USING btree ("provider","provider_refund_id") WHERE "refunds"."provider_refund_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_parent_idx" ON "refunds" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "refunds_confirmed_idx" ON "refunds" USING btree ("confirmed_at") WHERE "refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_invoice_uq" ON "subscription_payments" USING btree ("provider","invoice_id");--> statement-breakpoint
CREATE INDEX "subscription_payments_paid_idx" ON "subscription_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "subscription_payments_membership_idx" ON "subscription_payments" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_attention_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."outcome" in ('mismatch', 'unknown_session') and "payment_events"."resolved_at" is null;