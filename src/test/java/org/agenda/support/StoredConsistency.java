package org.agenda.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What must hold in a stored Agenda database whatever was written, read with plain SQL outside the service:
 * the engine's own checks (SQLite {@code integrity_check} and {@code foreign_key_check}), no row pointing at
 * a missing or wrong-typed record (PostgreSQL enforces the foreign keys itself; the queries check both
 * alike), every record with its row in its per-type table and at least one translation, and trash state
 * kept with its status. Each problem is one line naming the query and the first offending rows.
 */
public final class StoredConsistency {
  /** Queries that must return no row. */
  private static final Map<String, String> EMPTY = new LinkedHashMap<>();

  static {
    EMPTY.put("translation of a missing record", "SELECT t.record_id FROM translations t LEFT JOIN records r ON r.id = t.record_id WHERE r.id IS NULL");
    EMPTY.put("translation typed unlike its record", "SELECT t.record_id FROM translations t JOIN records r ON r.id = t.record_id WHERE t.type <> r.type");
    EMPTY.put("record without translation", "SELECT r.id FROM records r WHERE NOT EXISTS (SELECT 1 FROM translations t WHERE t.record_id = r.id)");
    for (String type : List.of("event", "venue", "organizer")) {
      String table = type + "s";
      EMPTY.put(type + " without its " + table + " row", "SELECT r.id FROM records r LEFT JOIN " + table
          + " x ON x.id = r.id WHERE r.type = '" + type + "' AND x.id IS NULL");
      EMPTY.put(table + " row of a missing or other record", "SELECT x.id FROM " + table
          + " x LEFT JOIN records r ON r.id = x.id WHERE r.id IS NULL OR r.type <> '" + type + "'");
    }
    for (String linked : List.of("venue", "organizer")) {
      String table = "event_" + linked + "s";
      EMPTY.put(table + " from a missing event", "SELECT l.event_id FROM " + table
          + " l LEFT JOIN records r ON r.id = l.event_id WHERE r.id IS NULL OR r.type <> 'event'");
      EMPTY.put(table + " to a missing " + linked, "SELECT l.event_id FROM " + table + " l LEFT JOIN records r ON r.id = l."
          + linked + "_id WHERE r.id IS NULL OR r.type <> '" + linked + "'");
    }
    EMPTY.put("event_terms from a missing event", "SELECT l.event_id FROM event_terms l LEFT JOIN records r ON r.id = l.event_id WHERE r.id IS NULL OR r.type <> 'event'");
    EMPTY.put("event_terms to a missing term", "SELECT l.event_id FROM event_terms l LEFT JOIN terms t ON t.id = l.term_id WHERE t.id IS NULL");
    EMPTY.put("term translation of a missing or other term", "SELECT tt.term_id FROM term_translations tt LEFT JOIN terms t ON t.id = tt.term_id WHERE t.id IS NULL OR t.taxonomy <> tt.taxonomy");
    EMPTY.put("term without translation", "SELECT t.id FROM terms t WHERE NOT EXISTS (SELECT 1 FROM term_translations tt WHERE tt.term_id = t.id)");
    EMPTY.put("category under a missing category", "SELECT t.id FROM terms t LEFT JOIN terms p ON p.id = t.parent WHERE t.parent <> 0 AND (p.id IS NULL OR p.taxonomy <> t.taxonomy)");
    EMPTY.put("trash state out of step with the status", "SELECT r.id FROM records r WHERE (r.status = 'trash') <> (r.status_before_trash IS NOT NULL)");
    EMPTY.put("search field of a missing record", "SELECT s.record_id FROM search_fields s LEFT JOIN records r ON r.id = s.record_id WHERE r.id IS NULL");
    EMPTY.put("occurrence of a missing series", "SELECT o.id FROM events o LEFT JOIN events s ON s.id = o.series_id "
        + "WHERE o.series_id IS NOT NULL AND (s.id IS NULL OR s.series_id IS NULL OR s.series_id <> s.id)");
    EMPTY.put("occurrence out of step with its series (status, author, password, parent)", "SELECT o.id FROM events o "
        + "JOIN records r ON r.id = o.id JOIN events s ON s.id = o.series_id JOIN records sr ON sr.id = s.id "
        + "WHERE o.id <> s.id AND (r.status <> sr.status OR r.author <> sr.author OR o.post_parent <> s.id "
        + "OR coalesce(o.password, '') <> coalesce(s.password, ''))");
    EMPTY.put("password of a missing user", "SELECT p.id FROM app_passwords p LEFT JOIN users u ON u.id = p.user_id WHERE u.id IS NULL");
  }

  private StoredConsistency() {}

  /** Every problem found; empty when the database is consistent. */
  public static List<String> problems(Connection connection) throws SQLException {
    var problems = new ArrayList<String>();
    if (connection.getMetaData().getURL().startsWith("jdbc:sqlite:")) {
      List<String> integrity = firstColumn(connection, "PRAGMA integrity_check");
      if (!integrity.equals(List.of("ok"))) problems.add("integrity_check: " + integrity);
      List<String> foreignKeys = firstColumn(connection, "PRAGMA foreign_key_check");
      if (!foreignKeys.isEmpty()) problems.add("foreign_key_check: rows of tables " + foreignKeys);
    }
    for (var query : EMPTY.entrySet()) {
      List<String> rows = firstColumn(connection, query.getValue());
      if (!rows.isEmpty()) problems.add(query.getKey() + ": " + rows.subList(0, Math.min(rows.size(), 10)));
    }
    if (firstColumn(connection, "SELECT version FROM data_version WHERE id = 1").size() != 1) {
      problems.add("data_version row missing");
    }
    return problems;
  }

  /** The values of the first column, as text. */
  public static List<String> firstColumn(Connection connection, String sql) throws SQLException {
    var values = new ArrayList<String>();
    try (var statement = connection.createStatement(); var rows = statement.executeQuery(sql)) {
      while (rows.next()) values.add(rows.getString(1));
    }
    return values;
  }
}
