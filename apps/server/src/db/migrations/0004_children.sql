CREATE TABLE "avatars" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_sn" text NOT NULL,
	"parent_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"birth_date" date NOT NULL,
	"avatar_id" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_student_sn_unique" UNIQUE("student_sn")
);
--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "child_limit_override" integer;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_parent_idx" ON "students" USING btree ("parent_id");