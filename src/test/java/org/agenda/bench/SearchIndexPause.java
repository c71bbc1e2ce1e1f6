package org.agenda.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agenda.db.Database;
import org.jooq.impl.DSL;

/**
 * On SQLite the generator writes without the triggers that keep the search index ({@code translation_text},
 * migration V6) in step, and builds the index once at the end. With the triggers, every translation written
 * merged trigrams into an index that grew with the data set, and generation slowed from 345 events/s at 10 000
 * events to 125/s near 300 000.
 *
 * <p>The end runs the migration itself: it drops what V6 creates (the index table and its triggers) and executes
 * {@value #MIGRATION} as read from the classpath at run time, so the index is built exactly as a database
 * migrated over existing data has it. The index's row-id formula, its tokenizer and its triggers are defined in
 * that one file; the generator repeats none of it, so a change of the migration cannot leave a generated
 * database with an index that search reads wrongly. (If a later migration redefines the index, this must run
 * that one instead.)
 *
 * <p>A paused database is one without all of V6's triggers, which a migrated database always has: a generation
 * that is interrupted and run again (the generator is resumable) finishes the pause it began; until then the
 * database has no up-to-date search index and should not be served. The table in which an older generator kept
 * the triggers' SQL, {@value #OLD_SAVED}, is dropped as well.
 */
final class SearchIndexPause {
  static final String MIGRATION = "db/vendor/sqlite/V6__record_text_index.sql";
  private static final String OLD_SAVED = "generator_paused_triggers";
  private static final Pattern CREATES = Pattern.compile(
      "^CREATE\\s+(VIRTUAL\\s+TABLE|TABLE|TRIGGER|INDEX)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([A-Za-z_][A-Za-z0-9_]*)",
      Pattern.CASE_INSENSITIVE);

  /** What a statement of the migration creates: a kind ({@code TABLE}, {@code TRIGGER}, {@code INDEX}) and a name. */
  record Created(String kind, String name) {}

  private final Database database;
  private final List<String> statements;

  SearchIndexPause(Database database) {
    this.database = database;
    this.statements = database.isSqlite() ? statements(migration()) : List.of();
    if (database.isSqlite() && triggers().isEmpty()) throw new IllegalStateException(MIGRATION + " creates no trigger");
  }

  /** Drops the search index's triggers; nothing when already paused or on PostgreSQL. */
  void begin() {
    if (!database.isSqlite() || paused()) return;
    database.transaction(dsl -> {
      for (String trigger : triggers()) dsl.execute("DROP TRIGGER IF EXISTS " + trigger);
      return null;
    });
  }

  /** Drops what the migration creates and runs the migration again, in one transaction; false if not paused. */
  boolean end() {
    if (!database.isSqlite() || !paused()) return false;
    database.transaction(dsl -> {
      dsl.connection(connection -> {
        try (Statement statement = connection.createStatement()) {
          statement.execute("DROP TABLE IF EXISTS " + OLD_SAVED);
          List<Created> created = created(statements);
          for (int i = created.size() - 1; i >= 0; i--) {
            String kind = created.get(i).kind().startsWith("VIRTUAL") ? "TABLE" : created.get(i).kind();
            statement.execute("DROP " + kind + " IF EXISTS " + created.get(i).name());
          }
          for (String sql : statements) statement.execute(sql);
        }
      });
      return null;
    });
    return true;
  }

  /** The triggers that the migration creates. */
  List<String> triggers() {
    return created(statements).stream().filter(c -> c.kind().equals("TRIGGER")).map(Created::name).toList();
  }

  private boolean paused() {
    List<String> triggers = triggers();
    int present = database.dsl().fetchCount(database.dsl().selectOne().from("sqlite_master")
        .where("type = 'trigger'").and(DSL.field("name", String.class).in(triggers)));
    return present < triggers.size() || database.dsl().fetchExists(database.dsl().selectOne().from("sqlite_master")
        .where("type = 'table' AND name = ?", OLD_SAVED));
  }

  static String migration() {
    try (InputStream in = SearchIndexPause.class.getClassLoader().getResourceAsStream(MIGRATION)) {
      if (in == null) throw new IllegalStateException(MIGRATION + " is not on the classpath");
      String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // Flyway would replace placeholders; this migration has none, and must not get one unnoticed.
      if (sql.contains("${")) throw new IllegalStateException(MIGRATION + " uses a Flyway placeholder");
      return sql;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + MIGRATION + ": " + e.getMessage(), e);
    }
  }

  /** The objects that {@code statements} create, in their order. */
  static List<Created> created(List<String> statements) {
    var created = new ArrayList<Created>();
    for (String sql : statements) {
      Matcher m = CREATES.matcher(sql);
      if (m.find()) created.add(new Created(m.group(1).toUpperCase(Locale.ROOT).replaceAll("\\s+", " "), m.group(2)));
    }
    return created;
  }

  /**
   * The statements of a SQLite script, without comments. A {@code ;} ends a statement only outside string
   * literals, quoted names, comments and a trigger's {@code BEGIN … END} (where {@code CASE … END} nests too).
   */
  static List<String> statements(String script) {
    var statements = new ArrayList<String>();
    var current = new StringBuilder();
    int depth = 0;
    int i = 0;
    int n = script.length();
    while (i < n) {
      char c = script.charAt(i);
      if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
        while (i < n && script.charAt(i) != '\n') i++;
        continue;
      }
      if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
        int close = script.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
        current.append(' ');
        continue;
      }
      if (c == '\'' || c == '"' || c == '`' || c == '[') {
        char closing = c == '[' ? ']' : c;
        int j = i + 1;
        while (j < n) {
          if (script.charAt(j) == closing) {
            // a doubled quote stands for itself
            if (closing != ']' && j + 1 < n && script.charAt(j + 1) == closing) {
              j += 2;
              continue;
            }
            break;
          }
          j++;
        }
        if (j >= n) throw new IllegalArgumentException("unclosed " + c + " in the script");
        current.append(script, i, j + 1);
        i = j + 1;
        continue;
      }
      if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < n && (Character.isLetterOrDigit(script.charAt(j)) || script.charAt(j) == '_' || script.charAt(j) == '$')) j++;
        String word = script.substring(i, j).toUpperCase(Locale.ROOT);
        if (word.equals("BEGIN") || word.equals("CASE")) depth++;
        if (word.equals("END") && depth > 0) depth--;
        current.append(script, i, j);
        i = j;
        continue;
      }
      if (c == ';' && depth == 0) {
        String statement = current.toString().strip();
        if (!statement.isEmpty()) statements.add(statement + ";");
        current.setLength(0);
        i++;
        continue;
      }
      current.append(c);
      i++;
    }
    if (!current.toString().isBlank()) statements.add(current.toString().strip());
    return statements;
  }
}
