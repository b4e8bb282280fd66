CREATE TABLE "advisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"describe_en" text DEFAULT '' NOT NULL,
	"describe_zh" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"qr_code" text DEFAULT '' NOT NULL,
	"invite_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisers_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "adviser_id" integer;