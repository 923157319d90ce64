CREATE TABLE "post_revisions" (
	"post_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "post_revisions_post_id_version_pk" PRIMARY KEY("post_id","version")
);
--> statement-breakpoint
CREATE TABLE "thread_revisions" (
	"thread_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"premium_content" text,
	"edited_at" timestamp with time zone,
	CONSTRAINT "thread_revisions_thread_id_version_pk" PRIMARY KEY("thread_id","version")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edit_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_title" varchar(100);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_content" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "edit_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_revisions" ADD CONSTRAINT "thread_revisions_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;