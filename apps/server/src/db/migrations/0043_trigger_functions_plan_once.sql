-- On the embedded database (PGlite), the summary triggers plan their statements once a session (issue 27).
-- A PL/pgSQL function keeps each statement's plan, but PostgreSQL's plan cache makes a custom plan on every
-- call whose parameters it can see while the generic plan's estimate costs more, and the generic plan of a
-- statement keyed by an array of ids (`c.id = ANY(ids)`) always looks dearer than the one or two rows a
-- payment's answer touches. So every call planned again, and planning is most of a short statement's time
-- in PGlite's WebAssembly build: the collections facts' refresh (an eight-way read, 0027) took 2.7 ms a
-- charge, 0.3 ms of it running; 2,366 of them were 3.3 s of the demo's first start. Forced generic, it
-- plans once and the calls take a third of the time.
--
-- Not on a PostgreSQL server: there planning costs a tenth as much, and a generic plan made while a table
-- was small stays until the next ANALYZE. The billing benchmark (10,000 charges into an empty payments
-- table) took 6.6 s in the collections refresh with generic plans against 1.3 s without.
--
-- Every trigger function of the schema (and what it calls, since a function's setting holds until it
-- returns) gets the setting. CREATE OR REPLACE drops a function's settings, so db/migrate.ts calls
-- embedded_trigger_plans_once() after every migration run on PGlite, and never on a server; the schema
-- test checks both.
CREATE OR REPLACE FUNCTION embedded_trigger_plans_once() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.prorettype = 'trigger'::regtype AND p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
        AND d.deptype = 'e')
    ORDER BY p.proname
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = force_generic_plan', f);
  END LOOP;
END $$;
