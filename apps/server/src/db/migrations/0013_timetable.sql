CREATE TABLE "teacher_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_sn" text NOT NULL,
	"staff_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"photo" text DEFAULT 'preset:1' NOT NULL,
	"subject_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"time_zone" text NOT NULL,
	"availability" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_teacher_sn_unique" UNIQUE("teacher_sn"),
	CONSTRAINT "teachers_staff_id_unique" UNIQUE("staff_id")
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"closure_sn" text NOT NULL,
	"course_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason_en" text NOT NULL,
	"reason_zh" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_closure_sn_unique" UNIQUE("closure_sn")
);
--> statement-breakpoint
CREATE TABLE "enrollment_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "room_secret" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "substitute_for_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "closure_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "teacher_entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "attendance_by" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "teacher_note" text;--> statement-breakpoint
ALTER TABLE "teacher_photos" ADD CONSTRAINT "teacher_photos_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_time_off" ADD CONSTRAINT "teacher_time_off_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_slots" ADD CONSTRAINT "enrollment_slots_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_slots" ADD CONSTRAINT "enrollment_slots_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_photos_teacher_idx" ON "teacher_photos" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_time_off_teacher_idx" ON "teacher_time_off" USING btree ("teacher_id","starts_on");--> statement-breakpoint
CREATE INDEX "closures_range_idx" ON "closures" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "enrollment_slots_enrollment_idx" ON "enrollment_slots" USING btree ("enrollment_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_substitute_for_id_teachers_id_fk" FOREIGN KEY ("substitute_for_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_teacher_idx" ON "courses" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_active_idx" ON "enrollments" USING btree ("course_id") WHERE "enrollments"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "lessons_teacher_time_idx" ON "lessons" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_course_time_idx" ON "lessons" USING btree ("course_id","starts_at");--> statement-breakpoint
-- Courses made before capacities existed take the class type's usual size (decision 047).
UPDATE "courses" SET "capacity" = CASE "class_type" WHEN 'one_on_one' THEN 1 WHEN 'small_group' THEN 6 ELSE 20 END;
