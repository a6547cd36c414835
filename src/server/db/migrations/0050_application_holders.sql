-- Who holds which application (ownership, docs/security.md): a browser session ('b:' and the
-- id its signed cookie names) or a partner entity ('e:' and its code). An application is named
-- by its kind and id: each kind counts its ids on its own.
CREATE TABLE application_holders (
  holder text NOT NULL,
  kind text NOT NULL,
  app_id text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (holder, kind, app_id)
);
CREATE INDEX application_holders_app ON application_holders (kind, app_id);
