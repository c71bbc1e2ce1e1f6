-- One schema for SQLite and PostgreSQL; ${id_pk} is the only dialect difference (see db.Database).
-- Instants are epoch seconds (UTC); flags are 0/1 integers so both databases compare them alike.

CREATE TABLE users (
  id ${id_pk},
  name VARCHAR(60) NOT NULL UNIQUE,
  role VARCHAR(20) NOT NULL,
  created_utc BIGINT NOT NULL
);

CREATE TABLE app_passwords (
  id ${id_pk},
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prefix VARCHAR(8) NOT NULL,
  hash VARCHAR(100) NOT NULL,
  created_utc BIGINT NOT NULL
);
CREATE INDEX app_passwords_prefix ON app_passwords(prefix);

-- Events, venues and organizers share this id space.
CREATE TABLE records (
  id ${id_pk},
  type VARCHAR(10) NOT NULL,
  author BIGINT NOT NULL,
  status VARCHAR(10) NOT NULL,
  status_before_trash VARCHAR(10),
  date_utc BIGINT NOT NULL,
  modified_utc BIGINT NOT NULL,
  image TEXT,
  website TEXT
);
CREATE INDEX records_type_status ON records(type, status);
CREATE INDEX records_future ON records(status, date_utc);

CREATE TABLE translations (
  record_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  type VARCHAR(10) NOT NULL,
  lang VARCHAR(2) NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  slug VARCHAR(200) NOT NULL,
  name_folded TEXT NOT NULL,
  body_folded TEXT NOT NULL,
  PRIMARY KEY (record_id, lang),
  UNIQUE (type, lang, slug)
);

CREATE TABLE events (
  id BIGINT PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
  start_utc BIGINT NOT NULL,
  end_utc BIGINT NOT NULL,
  start_local VARCHAR(19) NOT NULL,
  end_local VARCHAR(19) NOT NULL,
  timezone VARCHAR(64) NOT NULL,
  all_day INTEGER NOT NULL,
  password VARCHAR(255),
  cost TEXT,
  show_map INTEGER NOT NULL,
  show_map_link INTEGER NOT NULL,
  hide_from_listings INTEGER NOT NULL,
  sticky INTEGER NOT NULL,
  featured INTEGER NOT NULL,
  post_parent BIGINT NOT NULL
);
CREATE INDEX events_start ON events(start_utc, id);
CREATE INDEX events_end ON events(end_utc);
CREATE INDEX events_parent ON events(post_parent);

CREATE TABLE venues (
  id BIGINT PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
  address TEXT, city TEXT, country TEXT, province TEXT, state TEXT, stateprovince TEXT, zip TEXT,
  phone TEXT,
  show_map INTEGER NOT NULL,
  show_map_link INTEGER NOT NULL,
  geo_lat DOUBLE PRECISION,
  geo_lng DOUBLE PRECISION
);

CREATE TABLE organizers (
  id BIGINT PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
  phone TEXT,
  email TEXT
);

CREATE TABLE event_venues (
  event_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  venue_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, venue_id)
);
CREATE INDEX event_venues_venue ON event_venues(venue_id);

CREATE TABLE event_organizers (
  event_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  organizer_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, organizer_id)
);
CREATE INDEX event_organizers_organizer ON event_organizers(organizer_id);

-- Categories and tags share this second id space.
CREATE TABLE terms (
  id ${id_pk},
  taxonomy VARCHAR(20) NOT NULL,
  parent BIGINT NOT NULL
);

CREATE TABLE term_translations (
  term_id BIGINT NOT NULL REFERENCES terms(id) ON DELETE CASCADE,
  taxonomy VARCHAR(20) NOT NULL,
  lang VARCHAR(2) NOT NULL,
  name TEXT NOT NULL,
  name_folded TEXT NOT NULL,
  description TEXT NOT NULL,
  slug VARCHAR(200) NOT NULL,
  PRIMARY KEY (term_id, lang),
  UNIQUE (taxonomy, lang, slug)
);

CREATE TABLE event_terms (
  event_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  term_id BIGINT NOT NULL REFERENCES terms(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, term_id)
);
CREATE INDEX event_terms_term ON event_terms(term_id);
