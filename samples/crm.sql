-- Sample tenant "other", database "crm": customers of another company.
-- It exists so that tests can show one tenant never reads another's data.

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  city TEXT NOT NULL,
  since DATE NOT NULL
);

INSERT INTO customers (id, name, email, city, since) VALUES
  (1, 'Acme Corp', 'ops@acme.test', 'Berlin', '2024-02-01'),
  (2, 'Globex', 'it@globex.test', 'Paris', '2023-11-20'),
  (3, 'Initech', 'admin@initech.test', 'Austin', '2025-03-14'),
  (4, 'Umbrella', 'sec@umbrella.test', 'Raccoon City', '2022-08-08'),
  (5, 'Hooli', 'data@hooli.test', 'Palo Alto', '2025-09-09');
