package org.agenda.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.agenda.db.Database;
import org.jooq.DSLContext;
import org.jooq.conf.ParamType;
import org.jooq.impl.CallbackExecuteListener;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records are loaded by id through the primary key, whatever the number of records of their type: with the type as a
 * condition beside the ids, SQLite (which has no statistics here) walked the type's index through all of them.
 */
class RecordsByIdSqliteTest {
  @TempDir
  Path folder;

  @Test
  void recordsOfATypeAreLookedUpByKeyAndOthersLeftOut() throws Exception {
    try (Database database = Database.open("jdbc:sqlite:" + folder.resolve("agenda.db"), "", "")) {
      List<Long> venues = new ArrayList<>();
      for (int i = 0; i < 3; i++) venues.add(insert(database, "venue"));
      long organizer = insert(database, "organizer");
      List<String> queries = new ArrayList<>();
      DSLContext listened = DSL.using(database.dsl().configuration().derive(new DefaultExecuteListenerProvider(
          new CallbackExecuteListener().onEnd(context -> queries.add(context.query().getSQL(ParamType.INLINED))))));

      var rows = Records.load(listened, "venue", List.of(venues.get(0), venues.get(2), organizer, 999_999L));

      assertThat(rows.keySet()).containsExactly(venues.get(0), venues.get(2));
      assertThat(queries).hasSize(1);
      database.dsl().connection(connection -> {
        try (PreparedStatement explain = connection.prepareStatement("EXPLAIN QUERY PLAN " + queries.get(0));
            ResultSet plan = explain.executeQuery()) {
          List<String> steps = new ArrayList<>();
          while (plan.next()) steps.add(plan.getString("detail"));
          assertThat(steps).singleElement().asString().contains("INTEGER PRIMARY KEY");
        }
      });
    }
  }

  private static long insert(Database database, String type) {
    return database.transaction(dsl -> {
      dsl.execute("INSERT INTO records (type, author, status, date_utc, modified_utc) VALUES (?, 1, 'publish', 0, 0)",
          type);
      return ((Number) dsl.fetchValue("SELECT max(id) FROM records")).longValue();
    });
  }
}
