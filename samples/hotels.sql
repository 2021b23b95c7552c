-- Sample tenant "demo", database "hotels": a small hotel database.
-- Portable SQL: the launcher runs it unchanged on SQLite (database "hotels") and on
-- PostgreSQL (database "hotels-pg"), so both hold the same content.
-- "Return the rating of each hotel" has two honest readings here: the hotel's star
-- rating (hotels.stars) and its average guest review score (reviews.score).

CREATE TABLE hotels (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  stars INTEGER NOT NULL,
  opened DATE
);

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  hotel_id INTEGER NOT NULL REFERENCES hotels (id),
  guest TEXT NOT NULL,
  score NUMERIC(3, 1) NOT NULL,
  written DATE NOT NULL
);

CREATE TABLE rooms (
  id INTEGER PRIMARY KEY,
  hotel_id INTEGER NOT NULL REFERENCES hotels (id),
  kind TEXT NOT NULL,
  capacity INTEGER NOT NULL,
  price NUMERIC(7, 2) NOT NULL
);

CREATE TABLE bookings (
  id INTEGER PRIMARY KEY,
  room_id INTEGER NOT NULL REFERENCES rooms (id),
  guest TEXT NOT NULL,
  check_in DATE NOT NULL,
  nights INTEGER NOT NULL,
  total NUMERIC(9, 2) NOT NULL
);

CREATE TABLE amenities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE hotel_amenities (
  hotel_id INTEGER NOT NULL REFERENCES hotels (id),
  amenity_id INTEGER NOT NULL REFERENCES amenities (id),
  PRIMARY KEY (hotel_id, amenity_id)
);

INSERT INTO hotels (id, name, city, stars, opened) VALUES
  (1, 'Grand Plaza', 'Lisbon', 5, '1998-04-01'),
  (2, 'Harbour View', 'Porto', 4, '2005-06-15'),
  (3, 'Old Mill Inn', 'Evora', 3, '2011-03-20'),
  (4, 'Sunset Lodge', 'Faro', 3, '2016-07-01'),
  (5, 'City Budget', 'Lisbon', 2, '2019-01-10'),
  (6, 'Royal Garden', 'Sintra', 5, '1987-09-30'),
  (7, 'Riverside', 'Coimbra', 4, '2008-11-11'),
  (8, 'Backpackers Nest', 'Porto', 1, '2020-05-05');

INSERT INTO reviews (id, hotel_id, guest, score, written) VALUES
  (1, 1, 'David', 8.3, '2026-06-19'),
  (2, 1, 'Bruno', 6.9, '2026-09-07'),
  (3, 1, 'Bruno', 6.1, '2026-02-14'),
  (4, 1, 'Nuno', 7.5, '2026-02-08'),
  (5, 2, 'David', 9.0, '2026-04-21'),
  (6, 2, 'Bruno', 7.8, '2026-10-19'),
  (7, 2, 'Marta', 9.9, '2026-01-08'),
  (8, 3, 'Nuno', 9.2, '2026-03-18'),
  (9, 3, 'David', 8.2, '2026-10-10'),
  (10, 3, 'Filipe', 9.9, '2026-02-19'),
  (11, 4, 'Bruno', 6.7, '2026-10-07'),
  (12, 4, 'Pedro', 6.1, '2026-09-14'),
  (13, 4, 'Karin', 6.5, '2026-08-19'),
  (14, 4, 'Olga', 5.4, '2026-06-10'),
  (15, 4, 'Hugo', 7.3, '2026-03-23'),
  (16, 5, 'Pedro', 6.8, '2026-06-24'),
  (17, 5, 'Olga', 7.3, '2026-05-20'),
  (18, 5, 'Carla', 9.3, '2026-02-17'),
  (19, 6, 'Nuno', 7.3, '2026-01-22'),
  (20, 6, 'Carla', 7.7, '2026-09-19'),
  (21, 6, 'Karin', 9.1, '2026-06-23'),
  (22, 6, 'Luis', 8.3, '2026-10-16'),
  (23, 7, 'Carla', 7.6, '2026-01-24'),
  (24, 7, 'Joao', 5.9, '2026-10-22'),
  (25, 7, 'Olga', 5.9, '2026-05-23'),
  (26, 7, 'Marta', 6.3, '2026-06-01'),
  (27, 7, 'Olga', 8.8, '2026-06-06'),
  (28, 8, 'Hugo', 7.7, '2026-07-13'),
  (29, 8, 'Pedro', 7.5, '2026-02-06'),
  (30, 8, 'Olga', 9.2, '2026-07-18'),
  (31, 8, 'Ines', 7.7, '2026-03-27'),
  (32, 8, 'Nuno', 10, '2026-09-09');

INSERT INTO rooms (id, hotel_id, kind, capacity, price) VALUES
  (1, 1, 'single', 1, 108.0),
  (2, 1, 'double', 2, 180.0),
  (3, 1, 'suite', 4, 396.0),
  (4, 2, 'single', 1, 72.0),
  (5, 2, 'double', 2, 120.0),
  (6, 2, 'suite', 4, 264.0),
  (7, 3, 'single', 1, 54.0),
  (8, 3, 'double', 2, 90.0),
  (9, 3, 'suite', 4, 198.0),
  (10, 4, 'single', 1, 51.0),
  (11, 4, 'double', 2, 85.0),
  (12, 4, 'suite', 4, 187.0),
  (13, 5, 'single', 1, 33.0),
  (14, 5, 'double', 2, 55.0),
  (15, 5, 'suite', 4, 121.0),
  (16, 6, 'single', 1, 126.0),
  (17, 6, 'double', 2, 210.0),
  (18, 6, 'suite', 4, 462.0),
  (19, 7, 'single', 1, 60.0),
  (20, 7, 'double', 2, 100.0),
  (21, 7, 'suite', 4, 220.0),
  (22, 8, 'single', 1, 18.0),
  (23, 8, 'double', 2, 30.0);

INSERT INTO bookings (id, room_id, guest, check_in, nights, total) VALUES
  (1, 23, 'Luis', '2026-11-13', 4, 120.0),
  (2, 8, 'Carla', '2026-03-05', 2, 180.0),
  (3, 8, 'Hugo', '2026-01-16', 6, 540.0),
  (4, 19, 'Ines', '2026-05-01', 2, 120.0),
  (5, 5, 'Luis', '2026-10-19', 4, 480.0),
  (6, 11, 'Bruno', '2026-08-28', 2, 170.0),
  (7, 22, 'Marta', '2026-07-13', 7, 126.0),
  (8, 13, 'Pedro', '2026-11-13', 1, 33.0),
  (9, 2, 'Carla', '2026-04-15', 2, 360.0),
  (10, 6, 'Karin', '2026-10-02', 1, 264.0),
  (11, 4, 'Eva', '2026-09-04', 1, 72.0),
  (12, 12, 'Ana', '2026-02-28', 5, 935.0),
  (13, 7, 'Marta', '2026-03-21', 5, 270.0),
  (14, 9, 'Luis', '2026-08-04', 3, 594.0),
  (15, 4, 'Pedro', '2026-08-16', 7, 504.0),
  (16, 16, 'Carla', '2026-03-04', 3, 378.0),
  (17, 11, 'Ines', '2026-08-27', 6, 510.0),
  (18, 23, 'Ana', '2026-04-17', 2, 60.0),
  (19, 12, 'Ana', '2026-09-10', 2, 374.0),
  (20, 21, 'Carla', '2026-05-17', 7, 1540.0),
  (21, 12, 'Luis', '2026-04-18', 2, 374.0),
  (22, 18, 'Karin', '2026-11-08', 7, 3234.0),
  (23, 20, 'Greta', '2026-04-27', 7, 700.0),
  (24, 13, 'Hugo', '2026-04-17', 6, 198.0),
  (25, 16, 'Ana', '2026-01-26', 3, 378.0),
  (26, 9, 'Ines', '2026-04-23', 4, 792.0),
  (27, 20, 'Olga', '2026-06-12', 3, 300.0),
  (28, 3, 'David', '2026-04-16', 2, 792.0),
  (29, 7, 'Greta', '2026-08-20', 3, 162.0),
  (30, 20, 'Ana', '2026-08-21', 7, 700.0),
  (31, 12, 'Carla', '2026-11-04', 7, 1309.0),
  (32, 13, 'Greta', '2026-08-06', 7, 231.0),
  (33, 14, 'Karin', '2026-02-26', 7, 385.0),
  (34, 13, 'Marta', '2026-02-24', 4, 132.0),
  (35, 6, 'Eva', '2026-01-05', 2, 528.0),
  (36, 19, 'Eva', '2026-10-27', 4, 240.0),
  (37, 20, 'Luis', '2026-03-18', 4, 400.0),
  (38, 18, 'Ana', '2026-01-26', 2, 924.0),
  (39, 21, 'Eva', '2026-07-28', 1, 220.0),
  (40, 7, 'Greta', '2026-01-09', 7, 378.0);

INSERT INTO amenities (id, name) VALUES
  (1, 'wifi'),
  (2, 'breakfast'),
  (3, 'pool'),
  (4, 'parking'),
  (5, 'gym'),
  (6, 'spa');

INSERT INTO hotel_amenities (hotel_id, amenity_id) VALUES
  (1, 1),
  (1, 2),
  (1, 3),
  (1, 6),
  (2, 1),
  (2, 2),
  (2, 5),
  (3, 1),
  (3, 2),
  (4, 1),
  (4, 2),
  (4, 5),
  (4, 6),
  (5, 1),
  (5, 2),
  (6, 1),
  (6, 2),
  (6, 4),
  (6, 5),
  (7, 1),
  (7, 2),
  (7, 3),
  (7, 4),
  (8, 1),
  (8, 6);
