package org.agenda.cache;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;
import org.agenda.db.ByIdLoader;
import org.agenda.http.ApiResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;

/**
 * Answers about one record that no longer fit in the answer cache's memory, kept in a SQLite file of their
 * own (§10.5), and the rendered forms (list items) that no longer fit in the memory of their {@link KeptRenderings},
 * kept in a {@link FormFile} beside it, which takes half of the budget.
 * With a million events, answers to reads by id spread over far more records than 512 MB hold;
 * read back from the operating system's file cache, one costs a fraction of building it again (two statements
 * over the whole database, rendering 12 KB). The file is derived data of this process alone: made empty
 * at start, written without syncing, deleted at close; an answer found in it is used only under the same rule
 * as one found in memory (same data version, same second or day), and a form only under a key that says what it was
 * rendered from. Writing happens on a thread of its own,
 * after the request that built the answer has been answered; when that thread falls behind, answers are
 * dropped instead of kept.
 */
final class DiskAnswers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DiskAnswers.class);
  private static final XXHash64 HASH = XXHashFactory.fastestInstance().hash64();
  private static final int READERS = Math.max(4, Runtime.getRuntime().availableProcessors() * 4);
  private static final int QUEUED = 2_048;
  private static final int PER_TRANSACTION = 256;
  private static final String FIND = "SELECT key, version, valid_from, valid_until, language, status, content_type,"
      + " headers, length, body FROM answers WHERE hash = ?";
  private static final String KEEP = "INSERT OR REPLACE INTO answers (hash, key, version, valid_from, valid_until,"
      + " language, status, content_type, headers, length, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  /** The file of forms, beside the answers': the part of the budget it takes, and the name it has. */
  private static final int FORMS_SHARE = 2;
  private static final String FORMS_SUFFIX = "-forms";
  /**
   * A form kept on disk is about this size (a list item of 8 KB LZ4-compressed, with its key): the file of forms has
   * a place in memory for every this many of its bytes, up to {@link #MOST_FORM_PLACES}.
   */
  private static final int BYTES_PER_FORM_PLACE = 2 * 1024;
  /**
   * 2 Mi places of 8 bytes: 16 MiB of heap, for about 4 GB of forms in the file, the items of a million events in
   * their three languages. Under the mixed-traffic route at a million events, 512 Ki places had the events of 2.8
   * items a request loaded and rendered again, though the file had held most of them; 2 Mi places, 0.9.
   */
  private static final int MOST_FORM_PLACES = 1 << 21;

  /**
   * A rendered form as kept: LZ4-compressed in {@code compressedLength} bytes of {@code bytes} from {@code from}, and
   * the length it decompresses to. A form read from disk stays in the record it was read with, which is dropped once
   * the form is written into an answer: copied out, it doubled what reading items from disk allocated, 9 % of all that
   * the mixed-traffic route allocated at 100 000 events.
   */
  record StoredForm(byte[] bytes, int from, int compressedLength, int length) implements ByIdLoader.Form {
    /** All of {@code compressed}. */
    StoredForm(byte[] compressed, int length) {
      this(compressed, 0, compressed.length, length);
    }

    @Override
    public void copyTo(byte[] target, int offset) {
      Lz4.decompress(bytes, from, compressedLength, target, offset, length);
    }
  }

  /** An answer or a form to write, or (key null) a mark that completes when everything before it is written. */
  private record Pending(String key, ResponseCache.Kept kept, StoredForm form, CompletableFuture<Void> written) {}

  private final Path file;
  /** What the answers may take of the file's budget; the forms' file takes the rest. */
  private final long maximumBytes;
  private final FormFile forms;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private final BlockingQueue<Reader> readers = new ArrayBlockingQueue<>(READERS);
  private final BlockingQueue<Pending> pending = new ArrayBlockingQueue<>(QUEUED);
  private final Connection writer;
  private final Thread writing;
  private volatile boolean closed;

  private record Reader(Connection connection, PreparedStatement find) {}

  private DiskAnswers(Path file, long maximumBytes, FileChannel lockChannel, FileLock lock)
      throws SQLException, IOException {
    this.file = file;
    long formBytes = maximumBytes / FORMS_SHARE;
    this.maximumBytes = maximumBytes - formBytes;
    this.forms = new FormFile(Path.of(file + FORMS_SUFFIX), formBytes, formPlaces(formBytes));
    this.lockChannel = lockChannel;
    this.lock = lock;
    List<Connection> connected = new ArrayList<>();
    try {
      Connection opened = connect(file);
      connected.add(opened);
      try (Statement statement = opened.createStatement()) {
        statement.execute("CREATE TABLE answers (hash INTEGER PRIMARY KEY, key TEXT NOT NULL, version INTEGER NOT NULL,"
            + " valid_from INTEGER NOT NULL, valid_until INTEGER NOT NULL, language TEXT, status INTEGER NOT NULL,"
            + " content_type TEXT, headers TEXT NOT NULL, length INTEGER NOT NULL, body BLOB NOT NULL)");
      }
      opened.setAutoCommit(false);
      for (int i = 0; i < READERS; i++) {
        Connection connection = connect(file);
        connected.add(connection);
        readers.add(new Reader(connection, connection.prepareStatement(FIND)));
      }
    } catch (SQLException | RuntimeException e) {
      // the caller releases the lock alone: what this opened before the failure is closed here
      release(e, connected);
      throw e;
    }
    this.writer = connected.get(0);
    this.writing = new Thread(this::writeLoop, "agenda-disk-answers");
    writing.setDaemon(true);
    writing.start();
  }

  /** Closes the forms' file and {@code connected}, adding what fails to close to {@code failure}. */
  private void release(Exception failure, List<Connection> connected) {
    List<AutoCloseable> open = new ArrayList<>(connected);
    open.add(forms);
    for (AutoCloseable resource : open) {
      try {
        resource.close();
      } catch (Exception e) {
        failure.addSuppressed(e);
      }
    }
  }

  /** A power of two: about a place for every {@link #BYTES_PER_FORM_PLACE} bytes, within 1 Ki and the most. */
  private static int formPlaces(long formBytes) {
    long wanted = Math.max(1 << 10, Math.min(MOST_FORM_PLACES, formBytes / BYTES_PER_FORM_PLACE));
    return (int) Long.highestOneBit(wanted);
  }

  /**
   * A new, empty store in {@code file} (an old one there is replaced), or null when there is none to be had:
   * another process keeps its answers in that file, or it cannot be written. The service then keeps answers in
   * memory only.
   */
  static DiskAnswers open(Path file, long maximumBytes) {
    FileChannel channel = null;
    try {
      Path absolute = file.toAbsolutePath();
      if (absolute.getParent() != null) Files.createDirectories(absolute.getParent());
      channel = FileChannel.open(Path.of(absolute + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        LOG.warn("{} is in use by another Agenda; this one keeps its answers in memory only", absolute);
        channel.close();
        return null;
      }
      deleteFiles(absolute);
      return new DiskAnswers(absolute, maximumBytes, channel, lock);
    } catch (IOException | SQLException | RuntimeException e) {
      LOG.warn("cannot keep answers in {} ({}); keeping them in memory only", file, e.toString());
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException ignored) {
          // the store is not used; nothing more to release
        }
      }
      return null;
    }
  }

  private static Connection connect(Path file) throws SQLException {
    var config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    // derived data, emptied at every start: nothing here needs to survive a crash
    config.setSynchronous(SQLiteConfig.SynchronousMode.OFF);
    config.setCacheSize(-512);
    config.setBusyTimeout(1_000);
    return DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties());
  }

  /** The answer kept for {@code key}, or null; a failure to read counts as not kept. */
  ResponseCache.Kept find(String key) {
    Reader reader = reader();
    if (reader == null) return null;
    try {
      PreparedStatement find = reader.find();
      find.setLong(1, hash(key));
      try (ResultSet row = find.executeQuery()) {
        if (!row.next() || !key.equals(row.getString(1))) return null;
        var response = ApiResponse.stored(row.getInt(6), row.getBytes(10), row.getString(7));
        String[] headers = row.getString(8).split("\n", -1);
        for (int i = 0; i + 1 < headers.length; i += 2) response.header(headers[i], headers[i + 1]);
        var entry = new ResponseCache.Entry(response, row.getString(5), row.getLong(2), row.getLong(3), row.getLong(4));
        return new ResponseCache.Kept(entry, row.getInt(9));
      }
    } catch (SQLException e) {
      LOG.warn("cannot read what is kept on disk: {}", e.toString());
      return null;
    } finally {
      readers.add(reader);
    }
  }

  /** The forms kept for {@code keys}, in their order, null where none is; a failure to read counts as not kept. */
  StoredForm[] findForms(List<String> keys) {
    if (closed) return new StoredForm[keys.size()];
    try {
      return forms.find(keys);
    } catch (IOException e) {
      // a read under way when the store closes finds its channel closed
      if (!closed) LOG.warn("cannot read what is kept on disk: {}", e.toString());
      return new StoredForm[keys.size()];
    }
  }

  /** A reader to be given back, or null when the store is closed or every reader stayed busy for 100 ms. */
  private Reader reader() {
    if (closed) return null;
    try {
      return readers.poll(100, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Keeps an answer, later, on the writing thread; drops it when that thread is too far behind. */
  void keep(String key, ResponseCache.Kept kept) {
    if (!closed) pending.offer(new Pending(key, kept, null, null));
  }

  /** Keeps a form the same way. */
  void keepForm(String key, StoredForm form) {
    if (!closed) pending.offer(new Pending(key, null, form, null));
  }

  /** Waits until every answer handed to {@link #keep} before the call is written or dropped. */
  void flush() throws InterruptedException {
    if (closed) return;
    var mark = new Pending(null, null, null, new CompletableFuture<>());
    pending.put(mark);
    mark.written().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private void writeLoop() {
    List<Pending> batch = new ArrayList<>(PER_TRANSACTION);
    List<CompletableFuture<Void>> marks = new ArrayList<>();
    try (PreparedStatement keep = writer.prepareStatement(KEEP)) {
      while (!closed) {
        Pending first = pending.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) continue;
        batch.add(first);
        pending.drainTo(batch, PER_TRANSACTION - 1);
        try {
          int answers = 0;
          for (Pending item : batch) {
            if (item.key() == null) {
              marks.add(item.written());
            } else if (item.form() != null) {
              keepForm(item);
            } else {
              // a full store starts again empty before this batch, so what was just built stays
              if (answers == 0 && usedBytes() > maximumBytes) clear();
              answers++;
              bind(keep, item).addBatch();
            }
          }
          if (answers > 0) {
            keep.executeBatch();
            writer.commit();
          }
        } catch (SQLException e) {
          LOG.warn("cannot keep {} answers: {}", batch.size(), e.toString());
          rollback();
        } finally {
          marks.forEach(mark -> mark.complete(null));
          marks.clear();
          batch.clear();
        }
      }
    } catch (SQLException e) {
      LOG.warn("answers are no longer kept on disk: {}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A form that cannot be written is not kept; the others still are. */
  private void keepForm(Pending item) {
    try {
      forms.keep(item.key(), item.form());
    } catch (IOException e) {
      LOG.warn("cannot keep a form on disk: {}", e.toString());
    }
  }

  private static PreparedStatement bind(PreparedStatement keep, Pending item) throws SQLException {
    ResponseCache.Entry entry = item.kept().entry();
    ApiResponse response = entry.response();
    var headers = new StringBuilder();
    for (Map.Entry<String, String> header : response.headers().entrySet()) {
      if (headers.length() > 0) headers.append('\n');
      headers.append(header.getKey()).append('\n').append(header.getValue());
    }
    keep.setLong(1, hash(item.key()));
    keep.setString(2, item.key());
    keep.setLong(3, entry.version());
    keep.setLong(4, entry.validFrom());
    keep.setLong(5, entry.validUntil());
    keep.setString(6, entry.language());
    keep.setInt(7, response.status());
    keep.setString(8, response.contentType());
    keep.setString(9, headers.toString());
    keep.setInt(10, item.kept().length());
    keep.setBytes(11, response.body());
    return keep;
  }

  private long usedBytes() throws SQLException {
    try (Statement statement = writer.createStatement();
        // pages in use: the file keeps the size it once had, its free pages are written over first
        ResultSet row = statement.executeQuery("SELECT (page_count - freelist_count) * page_size"
            + " FROM pragma_page_count, pragma_freelist_count, pragma_page_size")) {
      return row.next() ? row.getLong(1) : 0;
    }
  }

  /** The answers are too many: they start again empty (the file keeps its size and is written over). */
  private void clear() throws SQLException {
    try (Statement statement = writer.createStatement()) {
      statement.execute("DELETE FROM answers");
    }
  }

  private void rollback() {
    try {
      writer.rollback();
    } catch (SQLException e) {
      LOG.warn("cannot roll back: {}", e.toString());
    }
  }

  private static long hash(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    return HASH.hash(bytes, 0, bytes.length, 0);
  }

  @Override
  public void close() {
    // the answers and the forms of one process share it: whoever closes it first does
    synchronized (this) {
      if (closed) return;
      closed = true;
    }
    // not interrupted: an interrupt in the middle of a write to the forms' file would close its channel under readers
    try {
      writing.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<Reader> open = new ArrayList<>();
    for (int i = 0; i < READERS; i++) {
      try {
        Reader reader = readers.poll(1, TimeUnit.SECONDS);
        if (reader != null) open.add(reader);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    try {
      for (Reader reader : open) reader.connection().close();
      writer.close();
      forms.close();
      deleteFiles(file);
      lock.release();
      lockChannel.close();
      Files.deleteIfExists(Path.of(file + ".lock"));
    } catch (SQLException | IOException e) {
      LOG.warn("cannot remove {}: {}", file, e.toString());
    }
  }

  private static void deleteFiles(Path file) throws IOException {
    for (String suffix : new String[] {"", "-wal", "-shm", FORMS_SUFFIX}) Files.deleteIfExists(Path.of(file + suffix));
  }
}
