CREATE TYPE "public"."board_system_column" AS ENUM('accepted', 'inProgress', 'awaitingApproval', 'done');--> statement-breakpoint
CREATE TABLE "board_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_guid" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"system_key" "board_system_column",
	"wip_limit" integer
);
--> statement-breakpoint
CREATE TABLE "board_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"board_guid" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"commission_task_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_tasks_commission_task_id_unique" UNIQUE("commission_task_id"),
	CONSTRAINT "board_tasks_position_check" CHECK ("board_tasks"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"slots" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_owner_id_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
ALTER TABLE "board_columns" ADD CONSTRAINT "board_columns_board_guid_boards_guid_fk" FOREIGN KEY ("board_guid") REFERENCES "public"."boards"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tasks" ADD CONSTRAINT "board_tasks_board_guid_boards_guid_fk" FOREIGN KEY ("board_guid") REFERENCES "public"."boards"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tasks" ADD CONSTRAINT "board_tasks_column_id_board_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."board_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tasks" ADD CONSTRAINT "board_tasks_commission_task_id_commission_tasks_id_fk" FOREIGN KEY ("commission_task_id") REFERENCES "public"."commission_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_columns_board_idx" ON "board_columns" USING btree ("board_guid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "board_columns_system_idx" ON "board_columns" USING btree ("board_guid","system_key");--> statement-breakpoint
CREATE INDEX "board_tasks_board_idx" ON "board_tasks" USING btree ("board_guid","column_id","position");