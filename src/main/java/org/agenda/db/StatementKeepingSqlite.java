package org.agenda.db;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.commons.dbcp2.DelegatingPreparedStatement;
import org.apache.commons.dbcp2.PStmtKey;
import org.apache.commons.dbcp2.PoolingConnection;
import org.apache.commons.pool2.impl.GenericKeyedObjectPool;
import org.apache.commons.pool2.impl.GenericKeyedObjectPoolConfig;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * SQLite connections that keep their prepared statements between uses (commons-dbcp2's {@link PoolingConnection}),
 * for the connection pool. jOOQ prepares every statement it runs and closes it after; sqlite-jdbc compiles each one
 * anew (xerial/sqlite-jdbc#614), and HikariCP leaves keeping them to the driver. Compiling was 17 % of the CPU of
 * creating events (async-profiler, the generator's server at 20 000 events), most of it inside the one-writer-at-a-time
 * turn that bounds how many writes a second SQLite takes. A closed statement goes back to its connection's pool reset,
 * its parameters cleared and its result sets closed, so it holds no read snapshot; a statement of a text that is no
 * longer asked is closed when the connection keeps {@value #KEPT_PER_CONNECTION} others. PostgreSQL's driver keeps
 * its own ({@code prepareThreshold}).
 */
final class StatementKeepingSqlite extends SQLiteDataSource {
  /**
   * Statements a connection keeps: the texts the service runs, a few dozen, and room for those of lists of ids, one
   * text for each length. (jOOQ's {@code inListPadding}, which would make those a few, fails on an empty list with
   * the jOOQ of this build.)
   */
  static final int KEPT_PER_CONNECTION = 128;

  StatementKeepingSqlite(String url, SQLiteConfig config) {
    super(config);
    setUrl(url);
  }

  @Override
  public Connection getConnection() throws SQLException {
    return keepingStatements(super.getConnection());
  }

  private static Connection keepingStatements(Connection connection) {
    var pooling = new PoolingConnection(connection);
    var config = new GenericKeyedObjectPoolConfig<DelegatingPreparedStatement>();
    // a text asked again while its statement is in use (a nested query) gets a statement of its own
    config.setMaxTotalPerKey(-1);
    config.setBlockWhenExhausted(false);
    config.setMaxIdlePerKey(1);
    // the idle statements longest unused are closed to make room for a new one
    config.setMaxTotal(KEPT_PER_CONNECTION);
    config.setJmxEnabled(false);
    pooling.setStatementPool(new GenericKeyedObjectPool<PStmtKey, DelegatingPreparedStatement>(pooling, config));
    return pooling;
  }
}
