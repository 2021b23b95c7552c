-- The walls of one PostgreSQL tenant database: run by a superuser inside that database, after its data
-- is loaded, by bin/cli's ProvisionCommand and executor-svc's TenantDatabasesResource (one script, so
-- the launcher and the tests build the same walls). Idempotent. Placeholders: {{database}}, {{schema}},
-- {{role}}; the setting overtone.allowed_functions holds the comma-separated names of
-- executor-svc/src/main/resources/sandbox/postgresql-functions.txt (the policy's own allow-list).
--
-- Each tenant database is a PostgreSQL database of its own, so the per-database catalogues (pg_class,
-- pg_namespace, pg_attribute, pg_stat_user_tables, ...) hold no row of another tenant; database and role
-- names are random (ot_<hex>), so the shared catalogues (pg_database, pg_roles) tell nothing about tenants.

REVOKE ALL ON DATABASE {{database}} FROM PUBLIC;
GRANT CONNECT ON DATABASE {{database}} TO {{role}};
REVOKE ALL ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON SCHEMA {{schema}} FROM PUBLIC;
GRANT USAGE ON SCHEMA {{schema}} TO {{role}};
GRANT SELECT ON ALL TABLES IN SCHEMA {{schema}} TO {{role}};
ALTER ROLE {{role}} SET default_transaction_read_only = on;
ALTER ROLE {{role}} SET search_path = {{schema}};

-- Catalogues: only what Describe reads (in this database they list this tenant's objects and the
-- system's). The shared ones (pg_database, pg_roles, pg_stat_activity, pg_locks, pg_settings, ...) and
-- the statistics views are not readable at all.
REVOKE SELECT ON ALL TABLES IN SCHEMA pg_catalog FROM PUBLIC;
REVOKE SELECT ON ALL TABLES IN SCHEMA information_schema FROM PUBLIC;
GRANT SELECT ON pg_catalog.pg_class, pg_catalog.pg_namespace, pg_catalog.pg_attribute, pg_catalog.pg_constraint
  TO {{role}};
GRANT SELECT ON information_schema.tables, information_schema.columns, information_schema.views,
  information_schema.table_constraints, information_schema.key_column_usage,
  information_schema.referential_constraints, information_schema.constraint_column_usage TO {{role}};

-- Functions: EXECUTE only on the allow-list, the functions behind operators, casts and types, what the
-- readable information_schema views call (PostgreSQL checks a view's functions as the caller; these
-- answer only about this database's objects) and what the executor itself sends (Describe, the cell
-- cut). Everything else, advisory locks, set_config,
-- pg_logical_emit_message, the pg_stat_* and ACL functions among them, is refused by the engine.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA pg_catalog FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA information_schema FROM PUBLIC;
DO $walls$
DECLARE
  allowed text[] := string_to_array(current_setting('overtone.allowed_functions'), ',');
  granted regprocedure;
BEGIN
  FOR granted IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      AND (p.proname = ANY (allowed)
        OR p.proname IN ('has_table_privilege', 'format_type', 'octet_length', 'left', 'unnest', 'count')
        -- what the grammar turns SQL syntax into (LIKE ... ESCAPE, SIMILAR TO, AT TIME ZONE, OVERLAPS, ...)
        OR p.proname IN ('like_escape', 'similar_escape', 'similar_to_escape', 'timezone', 'overlaps', 'overlay',
          'position', 'substring', 'btrim', 'ltrim', 'rtrim', 'extract', 'date_part', 'normalize', 'is_normalized')
        OR (p.proname NOT LIKE 'pg\_%' AND p.proname NOT IN ('set_config', 'current_setting')
          AND (p.oid IN (SELECT oprcode FROM pg_operator)
            OR p.oid IN (SELECT castfunc FROM pg_cast)
            OR p.oid IN (SELECT unnest(ARRAY[typinput, typoutput, typreceive, typsend, typmodin, typmodout])
                         FROM pg_type)))
        -- what the readable information_schema views call (dependencies on system functions are not
        -- recorded in pg_depend): every name called in their definitions, and their own helpers
        OR p.pronamespace = 'information_schema'::regnamespace
        OR p.proname IN (SELECT called[1] FROM unnest(ARRAY['information_schema.tables', 'information_schema.columns',
            'information_schema.views', 'information_schema.table_constraints', 'information_schema.key_column_usage',
            'information_schema.referential_constraints', 'information_schema.constraint_column_usage']) AS own(view),
          regexp_matches(pg_get_viewdef(own.view::regclass), '([a-z_][a-z0-9_]*)\(', 'g') AS called))
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', granted, '{{role}}');
  END LOOP;
END
$walls$;

-- information_schema's own helper functions are SQL functions that read pg_database and pg_index as
-- their caller; they compute a type's length or a key's position and run no SQL of the caller's, so
-- they run as their owner instead, and those catalogues stay closed to the tenant.
DO $helpers$
DECLARE
  helper regprocedure;
BEGIN
  FOR helper IN SELECT p.oid::regprocedure FROM pg_proc p WHERE p.pronamespace = 'information_schema'::regnamespace
  LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER', helper);
  END LOOP;
END
$helpers$;

-- What executor-svc's session reset runs after every call, so that the statements it keeps prepared on a
-- connection survive the reset (executor-svc README, "Sandbox overhead"): it frees the session's own
-- advisory locks and counts the session's prepared statements, SQL-made and protocol-level, as its owner,
-- so the role never reads pg_prepared_statements (whose texts would show one call the statements of the
-- calls before it on the connection). Without it the executor resets with DISCARD ALL and keeps no
-- statements. The policy's allow-list refuses it to tenant statements.
CREATE SCHEMA IF NOT EXISTS overtone_executor;
REVOKE ALL ON SCHEMA overtone_executor FROM PUBLIC;
GRANT USAGE ON SCHEMA overtone_executor TO {{role}};
CREATE OR REPLACE FUNCTION overtone_executor.session_reset(OUT from_sql bigint, OUT protocol bigint)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog AS
$reset$
BEGIN
  -- PL/pgSQL keeps the plan for the session: the reset of every call runs it
  PERFORM pg_catalog.pg_advisory_unlock_all();
  SELECT count(*) FILTER (WHERE p.from_sql), count(*) FILTER (WHERE NOT p.from_sql) INTO from_sql, protocol
  FROM pg_catalog.pg_prepared_statements AS p;
END
$reset$;
REVOKE ALL ON FUNCTION overtone_executor.session_reset() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION overtone_executor.session_reset() TO {{role}};
-- The same reset's unlock alone, for a call whose statements all returned rows: no such statement makes a
-- prepared statement (PREPARE returns none), so there is nothing to count (executor-svc README, "The sandbox").
-- The built-in itself, run as its owner: no SQL body to parse and plan, no search_path to set, on every call.
CREATE OR REPLACE FUNCTION overtone_executor.session_unlock()
  RETURNS void LANGUAGE internal VOLATILE SECURITY DEFINER AS 'pg_advisory_unlock_all';
REVOKE ALL ON FUNCTION overtone_executor.session_unlock() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION overtone_executor.session_unlock() TO {{role}};
-- Whether this role can take a session advisory lock at all, asked once per pool by executor-svc (README, "The
-- sandbox"): only a pg_advisory_lock* / pg_try_advisory_lock* function takes one (the _xact_ ones end with the
-- transaction), either called by a role the login role is a member of, or from inside a SECURITY DEFINER
-- function such a role may call (the walls' own unlock and reset, and information_schema's helpers, which run no
-- caller SQL, aside). When none is callable, the reset after a call that returned rows is its ROLLBACK alone.
-- Run as its owner: the role itself reads neither pg_proc nor the privileges of other roles.
CREATE OR REPLACE FUNCTION overtone_executor.session_locks_refused()
  RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS
$refused$
  SELECT NOT EXISTS (
    SELECT 1 FROM pg_proc p, pg_roles r
    WHERE pg_has_role(session_user, r.oid, 'MEMBER')
      AND has_function_privilege(r.oid, p.oid, 'EXECUTE')
      AND (p.proname ~ '^pg_(try_)?advisory_lock'
        -- the same built-in under another name: a LANGUAGE internal function whose body is the lock's C symbol
        OR p.prosrc ~ '^pg_(try_)?advisory_lock'
        OR (p.prosecdef AND p.pronamespace NOT IN ('information_schema'::regnamespace,
          'overtone_executor'::regnamespace))))
$refused$;
REVOKE ALL ON FUNCTION overtone_executor.session_locks_refused() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION overtone_executor.session_locks_refused() TO {{role}};
