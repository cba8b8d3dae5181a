ALTER TYPE "public"."notification_kind" ADD VALUE 'payments';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'payment';--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"artist_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_artist_seq" UNIQUE("artist_id","seq")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"artist_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"part_index" integer,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "money_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"part_index" integer,
	"amount_cents" bigint,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"form_id" integer NOT NULL,
	"part_index" integer NOT NULL,
	"instructions" text,
	"reference" text,
	"requested_at" timestamp with time zone,
	"marked_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"invoice_seq" integer,
	CONSTRAINT "order_payments_form_id_part_index_pk" PRIMARY KEY("form_id","part_index")
);
--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "payment_plan" jsonb DEFAULT '{"kind":"full"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "delivery_days" integer;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "payment_plan" jsonb;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "delivery_days" integer;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "start_before_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_extensions" ADD CONSTRAINT "order_extensions_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_form_idx" ON "ledger_entries" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_artist_idx" ON "ledger_entries" USING btree ("artist_id","account","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_form_idx" ON "ledger_transactions" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "money_events_form_idx" ON "money_events" USING btree ("form_id","id");--> statement-breakpoint
CREATE INDEX "order_extensions_form_idx" ON "order_extensions" USING btree ("form_id","id");--> statement-breakpoint
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  n integer;
BEGIN
  SELECT coalesce(sum("amount_cents"), 0), count(*) INTO total, n FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (% entries, sum %)', NEW."transaction_id", n, total USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balances"();
