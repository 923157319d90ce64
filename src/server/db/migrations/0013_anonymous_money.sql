CREATE TABLE "anonymous_addresses" (
	"ref" varchar(32) PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymous_payees" (
	"author_tag" varchar(32) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"address" varchar(128) NOT NULL,
	CONSTRAINT "anonymous_payees_author_tag_currency_pk" PRIMARY KEY("author_tag","currency")
);
