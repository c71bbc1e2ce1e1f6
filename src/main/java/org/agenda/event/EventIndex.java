package org.agenda.event;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.agenda.config.Caches;
import org.agenda.db.ChangedRecords;
import org.agenda.db.Database;
import org.agenda.record.RecordTables;
import org.agenda.record.Records;
import org.agenda.venue.Venues;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.analysis.util.CharTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NIOFSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.util.IOUtils;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * The event list's derived index (Lucene): what a list of §6.3 selects, its exact {@code total} and a page of ids in
 * list order, in time that follows the page asked for rather than the number of events. It is never the source of
 * truth: it is derived from the database, kept on disk beside it, and follows it through the change log
 * ({@link ChangedRecords#touched}), so that a read never sees it behind the data version the read was served at,
 * whichever instance wrote. Where it cannot answer (not built yet, a change log that no longer reaches back to it, a question
 * it does not hold) the list asks the database as before, with the same answer.
 *
 * <p>On disk its last commit records the data version it holds and which database it belongs to. At start it
 * catches up from there, before the first answer; when the change log does not reach back that far, it belongs to
 * another database, or its count of events disagrees, it is built again from the database (in the background when
 * the database holds many events; lists are answered by the database meanwhile).
 */
public final class EventIndex implements AutoCloseable {
  /** The order of every list (§6.3): start, then id. The index is sorted so, so a first page stops early. */
  static final Sort LIST_ORDER = new Sort(new SortField(EventDocuments.START, SortField.Type.LONG),
      new SortField(EventDocuments.ID, SortField.Type.LONG));
  /** Changes of these kinds change what the index holds: events, and venues (their trash and coordinates). */
  private static final List<String> KINDS = List.of(Records.EVENT, Venues.TYPE);
  private static final int BATCH = 2_000;
  /** Above this many events a build runs in the background, so that the service starts at once. */
  private static final int BUILD_IN_FOREGROUND = 50_000;
  private static final long COMMIT_EVERY_SECONDS = 10;
  /**
   * How often the index follows writes that no list read follows (an import, a generator): at a few hundred events a
   * second, ten seconds of them were more changes than a start catches up with ({@link #START_STEPS}).
   */
  private static final long FOLLOW_EVERY_SECONDS = 1;
  /**
   * How many steps of changes ({@link ChangedRecords#step}) a start catches up with before its first answer; from
   * further behind, the index is built again in the background, which costs less than following every change.
   */
  private static final int START_STEPS = 1;
  /** How long a stop waits for a commit or a build's batch (or its final merge) in the background to end. */
  private static final long STOP_WAIT_SECONDS = 30;
  private static final String CANNOT_FOLLOW = "The event index cannot follow the database from where it stands (more"
      + " than " + ChangedRecords.MOST_FOLLOWED + " changes behind at a start, or before the change log's start); it is"
      + " built again.";
  /**
   * The filters' matches kept per segment, in an 8th of the heap (32 MiB of 256): a filter that matches most of a
   * million events takes about 128 KiB, one of a tag a few hundred bytes. At 100 000 events the mixed-traffic route
   * keeps 7.5 MiB of them; at a million, 16 MiB let go of 3 300 a second, found again with 0.9 s of work a second,
   * most of it search words' (counted by a build that logged them); 32 MiB let go of 1 300.
   */
  private static final int SEGMENT_FACTS_SHARE = 8;
  /** The merge policy's segments a tier, and the size under which a segment counts as this size (see writerConfig). */
  private static final double SEGMENTS_PER_TIER = 4;
  private static final double FLOOR_SEGMENT_MB = 32;
  /** The most that the small segments of writes not yet committed, and their temporary files, keep in memory. */
  private static final double CACHED_MB = 8;
  /** Segments smaller than this (those a write adds, merged away within seconds) have their matches kept apart. */
  private static final int SEGMENT_MATCHES_KEPT_FROM = 1_024;
  /** How many matches of those small segments are kept (a few hundred bytes each). */
  private static final int SMALL_SEGMENT_MATCHES = 8_192;
  /** How many filter queries are kept as the one object their matches share (about a KiB each). */
  private static final int ASKED_FILTERS = 4_096;
  private static final String CHANGE_LOG_MOVED_ON = "the change log no longer holds the changes made while the index"
      + " was built";
  private static final String VERSION = "version";
  private static final String IDENTITY = "identity";
  /** What the documents hold ({@link EventDocuments}): an index of another form is built again. */
  private static final String FORM = "form";
  /**
   * 2: the end as doc values too; 3: the start and the end as doc values only (read as columns, SegmentFacts); 4: the
   * events' facts as doc values ({@link EventDocuments#FACTS}); 5: the words of the texts ({@link
   * EventDocuments#words}).
   */
  private static final String DOCUMENTS_FORM = "5";

  /**
   * A page of a list: the matching events in all and the ids asked for, in list order, with their facts when the index
   * found the page and was asked for them (null otherwise). The index reads them from the documents of the page it
   * merged: found again by id (a point query in every segment) and through the cache of facts, they were 5 % of the CPU
   * of the mixed-traffic route at 154 000 events.
   */
  record Page(int total, List<Long> ids, List<EventFacts> facts) {
    Page(int total, List<Long> ids) {
      this(total, ids, null);
    }

    /** The page as a kept answer holds it, to compare with the page found later: its facts would weigh on memory. */
    Page withoutFacts() {
      return facts == null ? this : new Page(total, ids);
    }

    /** Whether the other page holds the same events (facts aside: an event's changes are followed apart). */
    boolean sameAs(Page other) {
      return other != null && other.total == total && other.ids.equals(ids);
    }
  }

  private final Database database;
  private final String identity;
  private final Directory directory;
  private final Path temporary;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final PrintStream log;
  private final ScheduledExecutorService background;
  /** Releases the searchers of readers older than {@link #latest} (see {@link #release}). */
  private final ExecutorService releaser;
  /** The reader of the searchers' last refresh. */
  private volatile IndexReader latest;
  private final SegmentFacts segments = new SegmentFacts(Caches.heapShare(SEGMENT_FACTS_SHARE),
      SEGMENT_MATCHES_KEPT_FROM, SMALL_SEGMENT_MATCHES, ASKED_FILTERS);
  /** The data version the searchers hold; -1 while the index is not built. */
  private volatile long version = -1;
  private volatile long committed = -1;
  /** One commit at a time: each sets the version it records, then commits. */
  private final Object committing = new Object();
  /** Set at close: a build in the background stops at its next batch, and no periodic commit starts. */
  private volatile boolean closing;

  private EventIndex(Database database, String identity, Directory directory, Path temporary, IndexWriter writer,
      PrintStream log) throws IOException {
    this.database = database;
    this.identity = identity;
    this.directory = directory;
    this.temporary = temporary;
    this.writer = writer;
    this.searchers = new SearcherManager(writer, new Searchers());
    this.log = log;
    this.background = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, "event-index"));
    this.releaser = Executors.newSingleThreadExecutor(runnable -> daemon(runnable, "event-index-release"));
  }

  private static Thread daemon(Runnable runnable, String name) {
    Thread thread = new Thread(runnable, name);
    thread.setDaemon(true);
    return thread;
  }

  /**
   * Opens the index in {@code folder} (created when missing) for the database, catches it up or builds it. When
   * another instance holds that folder, this one keeps its own in a temporary folder, removed at close.
   */
  public static EventIndex open(Path folder, Database database, PrintStream log) {
    try {
      Files.createDirectories(folder);
      Path temporary = null;
      Directory directory = onDisk(folder);
      IndexWriter writer;
      try {
        writer = new IndexWriter(directory, writerConfig());
      } catch (LockObtainFailedException e) {
        directory.close();
        temporary = Files.createTempDirectory("agenda-index");
        log.println("The event index " + folder + " is in use by another instance; this one builds its own in "
            + temporary + ".");
        directory = onDisk(temporary);
        writer = new IndexWriter(directory, writerConfig());
      }
      var index = new EventIndex(database, createdAt(database.dsl()), directory, temporary, writer, log);
      index.start();
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the event index in " + folder, e);
    }
  }

  /**
   * Files read with file reads, not memory maps (they count in the file cache, not in resident memory); the small
   * segments that each data version's changes make are kept in memory until a commit writes them out: every write
   * makes one, and writing its dozen files was most of what the reads after a write wait for (11 ms; 2 in memory).
   * Files written without a flush's or a merge's size (the temporary stored fields that the index sort rewrites when
   * a segment is flushed, and other small files) are kept in memory too while it holds under 8 MiB: Lucene
   * sends them to disk, so every write created and deleted temporary files there: creating them was 1 % of the CPU of
   * the mixed route with its ten creates a second, at a million events; at 10 000 events, 32 connections creating (two
   * pairs of runs of 20 s side by side) made 365 / 369 creates a second before, 385 / 413 after, with 4.1 / 4.1 and
   * 3.8 / 3.5 ms of CPU a create. A commit still writes all it names to disk: syncing a file takes it out of memory
   * first.
   */
  private static Directory onDisk(Path folder) throws IOException {
    return new NRTCachingDirectory(new NIOFSDirectory(folder), 2.0, CACHED_MB) {
      @Override
      protected boolean doCacheWrite(String name, IOContext context) {
        if (context.mergeInfo == null && context.flushInfo == null) return ramBytesUsed() < CACHED_MB * 1024 * 1024;
        return super.doCacheWrite(name, context);
      }
    };
  }

  /**
   * Small buffers: the service runs in a 256 MiB heap beside its answer caches (performance.md), and the index's
   * writes are a few events per data version. With Lucene's defaults (16 MiB of buffered documents, a query cache
   * of a twentieth of the heap) the same load left 6 MiB more resident (493 against 487 MiB, 10 000 events).
   * Every list read at a new data version waits for the segment of its changes to be flushed and opened: no merges
   * are waited for then (Lucene's default waits up to 500 ms for small segments to be merged into one), and a
   * flushed segment is not packed into a compound file. At 10 000 events under the mixed-traffic route with 10
   * writes a second, that took the time to follow a write from 9.6 to 6.6 ms on average and from 47 to 18 ms at the
   * 99th percentile; merges go on in the background as before.
   *
   * <p>Fewer segments than Lucene's default merge policy keeps (ten a tier, with segments under 2 MB counted as 2 MB):
   * every list question visits every segment. Grown by writes to a million events, the index had 29 segments, 23 of
   * them under 6 000 events; with four a tier and segments under 32 MB counted as 32 MB, about ten, and the
   * mixed-traffic route answered 2 143 / 2 653 requests a second against 1 951 / 1 791 (one run each, 0.77 / 0.61
   * against 0.85 / 0.92 ms of CPU a request; 10 000 events, one run: 5 280 / 5 629 against 5 504 / 4 918).
   */
  private static IndexWriterConfig writerConfig() {
    return new IndexWriterConfig(new TextAnalyzer()).setIndexSort(LIST_ORDER)
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND).setCommitOnClose(false).setRAMBufferSizeMB(4)
        .setMaxFullFlushMergeWaitMillis(0).setUseCompoundFile(false)
        .setMergePolicy(
            new TieredMergePolicy().setSegmentsPerTier(SEGMENTS_PER_TIER).setFloorSegmentMB(FLOOR_SEGMENT_MB));
  }

  /**
   * Searchers without Lucene's query cache: what the filters match is kept per segment already ({@link SegmentFacts}),
   * and a filter not kept there was found through the cache's wrapper, which also kept its clauses a second time. At
   * 100 000 events, where questions that do not repeat find new filters all the time, the mixed-traffic route answered
   * 0.065 and 0.066 of the cached default list with a cache of 256 filters, 0.079 and 0.079 without (two pairs of
   * runs side by side; 10 000 events, one pair: 0.232 and 0.259).
   */
  private static final class Searchers extends SearcherFactory {
    @Override
    public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
      IndexSearcher searcher = new IndexSearcher(reader);
      searcher.setQueryCache(null);
      return searcher;
    }
  }

  /**
   * When the database was created (its first migration): what tells it apart from another database. A copy of the
   * file or a PostgreSQL template copy has the same, and its change log: it may go on from its original's index.
   */
  private static String createdAt(DSLContext dsl) {
    return String.valueOf(dsl.select(DSL.field(DSL.name("installed_on"))).from(DSL.table(DSL.name("flyway_schema_history")))
        .where(DSL.field(DSL.name("version"), String.class).eq("1")).fetchOne(0));
  }

  private void start() throws IOException {
    Map<String, String> data = new HashMap<>();
    var live = writer.getLiveCommitData();
    if (live != null) live.forEach(entry -> data.put(entry.getKey(), entry.getValue()));
    long current = database.dataVersion();
    if (identity.equals(data.get(IDENTITY)) && DOCUMENTS_FORM.equals(data.get(FORM)) && data.containsKey(VERSION)) {
      long held = Long.parseLong(data.get(VERSION));
      boolean caughtUp = held <= current && catchUp(held, current, START_STEPS);
      if (caughtUp && writer.getDocStats().numDocs == eventCount()) {
        publish(current);
        commit();
        scheduleCommits();
        return;
      }
      if (held <= current && !caughtUp) {
        log.println(CANNOT_FOLLOW);
      }
    }
    if (eventCount() <= BUILD_IN_FOREGROUND) {
      build();
    } else {
      log.println("Building the event index in the background; lists are answered by the database meanwhile.");
      background.execute(this::buildInBackground);
    }
    scheduleCommits();
  }

  private void scheduleCommits() {
    background.scheduleWithFixedDelay(this::followWrites, FOLLOW_EVERY_SECONDS, FOLLOW_EVERY_SECONDS, TimeUnit.SECONDS);
    background.scheduleWithFixedDelay(this::followAndCommit, COMMIT_EVERY_SECONDS, COMMIT_EVERY_SECONDS,
        TimeUnit.SECONDS);
  }

  private void buildInBackground() {
    try {
      long started = System.nanoTime();
      build();
      log.printf("Built the event index of %d events in %d s.%n", writer.getDocStats().numDocs,
          TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    } catch (IOException | RuntimeException e) {
      if (closing) {
        log.println("Stopped building the event index: the service stops; the next start builds it.");
      } else {
        log.println("Could not build the event index (lists are answered by the database): " + e.getMessage());
      }
    }
  }

  /**
   * Every event, from the database; the changes made meanwhile are caught up after. Lists are answered by the
   * database until it is done: the lock is not held while events are read, so they do not wait for it.
   */
  private void build() throws IOException {
    long from;
    synchronized (this) {
      version = -1;
      from = database.dataVersion();
      writer.deleteAll();
    }
    DSLContext dsl = database.dsl();
    long last = 0;
    while (true) {
      if (closing) throw new IllegalStateException("the service stops");
      List<Long> ids = dsl.select(RecordTables.EVENT_ID).from(RecordTables.EVENTS)
          .where(RecordTables.EVENT_ID.gt(last)).orderBy(RecordTables.EVENT_ID).limit(BATCH).fetch(RecordTables.EVENT_ID);
      if (ids.isEmpty()) break;
      writer.addDocuments(EventDocuments.load(dsl, ids).values());
      last = ids.get(ids.size() - 1);
    }
    // One segment: left as the buffer flushed them, the build's segments were merged by the first writes after it,
    // in the middle of serving (at 10 000 events, 18 MB rewritten in a mixed-traffic run: 12 % of its CPU).
    writer.forceMerge(1);
    // the writes made meanwhile (minutes at a million events, at the pace of an import), followed without the lock
    // first, so that the reads at new versions do not wait for them
    long reached = database.dataVersion();
    if (!catchUp(from, reached, Integer.MAX_VALUE)) throw new IllegalStateException(CHANGE_LOG_MOVED_ON);
    synchronized (this) {
      long current = database.dataVersion();
      if (!catchUp(reached, current, Integer.MAX_VALUE)) throw new IllegalStateException(CHANGE_LOG_MOVED_ON);
      publish(current);
    }
    commit();
  }

  private int eventCount() {
    return database.dsl().fetchCount(RecordTables.EVENTS);
  }

  /**
   * Applies the changes after {@code from} up to {@code to} in at most {@code steps} steps of {@link
   * ChangedRecords#step}; false when the change log no longer holds them, or they take more steps.
   */
  private boolean catchUp(long from, long to, int steps) throws IOException {
    long at = from;
    for (int step = 0; at < to; step++) {
      if (step == steps) return false;
      ChangedRecords.Step changes = ChangedRecords.step(database.dsl(), at, to, KINDS);
      if (changes == null) return false;
      apply(changes.touched());
      at = changes.reached();
    }
    return true;
  }

  private void apply(Map<String, Set<Long>> touched) throws IOException {
    DSLContext dsl = database.dsl();
    Set<Long> events = new HashSet<>(touched.getOrDefault(Records.EVENT, Set.of()));
    events.addAll(EventDocuments.atVenues(dsl, touched.getOrDefault(Venues.TYPE, Set.of())));
    List<Long> ids = new ArrayList<>(events);
    for (int i = 0; i < ids.size(); i += BATCH) {
      List<Long> batch = ids.subList(i, Math.min(ids.size(), i + BATCH));
      Map<Long, Document> documents = EventDocuments.load(dsl, batch);
      for (Long id : batch) {
        Term key = new Term(EventDocuments.ID, Long.toString(id));
        Document document = documents.get(id);
        if (document == null) {
          writer.deleteDocuments(key);
        } else {
          writer.updateDocument(key, document);
        }
      }
    }
  }

  private void publish(long at) throws IOException {
    searchers.maybeRefreshBlocking();
    IndexSearcher current = searchers.acquire();
    try {
      latest = current.getIndexReader();
    } finally {
      searchers.release(current);
    }
    version = at;
  }

  /**
   * Gives back a searcher. Giving back the last hold on a reader older than the latest closes it, and closing a
   * reader of the index writer waits for the writer's lock, which the writer holds while its commits write to disk:
   * under the mixed-traffic route at 10 000 events, in a run on a slow disk, the reads holding a build turn waited
   * so for 62 % of their time. Those are given back on a thread of the index instead.
   */
  private void release(IndexSearcher searcher) throws IOException {
    if (searcher.getIndexReader() != latest) {
      try {
        releaser.execute(() -> releaseQuietly(searcher));
        return;
      } catch (RejectedExecutionException closing) {
        // the index is closing: given back here
      }
    }
    searchers.release(searcher);
  }

  private void releaseQuietly(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException | RuntimeException e) {
      log.println("Could not close an old reader of the event index: " + e.getMessage());
    }
  }

  /**
   * Runs {@code work} on a searcher that holds at least data version {@code atLeast} (catching up first when it
   * is behind), or answers null when the index cannot serve: not built yet, or behind a change log that no
   * longer reaches back to it (it is built again then).
   */
  private <T> T search(long atLeast, Function<IndexSearcher, T> work) {
    if (version < 0) return null;
    if (version < atLeast && !follow(atLeast)) return null;
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        return work.apply(searcher);
      } finally {
        release(searcher);
      }
    } catch (IOException | UncheckedIOException e) {
      // the index is derived: when its files fail, the database answers
      log.println("The event index could not be read (the database answers): " + e.getMessage());
      return null;
    }
  }

  /**
   * Brings the index up to data version {@code target} unless it holds it already; false when it cannot (not built,
   * or behind a change log that no longer reaches back to it: it is built again then). A read at a newer version
   * than the index holds calls it first.
   */
  public synchronized boolean follow(long target) {
    if (version < 0) return false;
    if (version >= target) return true;
    try {
      if (catchUp(version, target, Integer.MAX_VALUE)) {
        publish(target);
        return true;
      }
      log.println(CANNOT_FOLLOW);
      version = -1;
      // at a stop, the next start builds it
      if (!closing) background.execute(this::buildInBackground);
      return false;
    } catch (IOException e) {
      // what was applied is applied again by the next catch-up; meanwhile the database answers
      log.println("The event index could not follow the database (the database answers): " + e.getMessage());
      return false;
    }
  }

  /**
   * The events that {@code question} selects: how many, and the ids from {@code offset} on, in list order, with their
   * facts when {@code withFacts} (a page compared with one found before needs none).
   */
  Page page(IndexedQuestion question, long atLeast, long offset, int limit, boolean withFacts) {
    return search(atLeast, searcher -> {
      try {
        return IndexedPage.of(searcher, question, offset, limit, segments, withFacts);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /**
   * The facts of the events among {@code ids} as the index holds them at data version {@code atLeast} or later (as
   * the database would give them: it too may have moved on); null when the index cannot serve.
   */
  Map<Long, EventFacts> facts(long atLeast, Collection<Long> ids) {
    return search(atLeast, searcher -> {
      try {
        return EventDocuments.facts(searcher, ids);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /**
   * Writes the index to disk with the version it holds. Following a write does not wait for it: the version is
   * read first, and the commit holds at least the changes up to it (catching up again from there after a crash
   * applies what it holds beyond it once more, to the same result). Under the index's lock, the reads at a new
   * version waited for the disk every ten seconds (37 % of the time of reads holding a build turn, slow disk).
   */
  private void commit() throws IOException {
    synchronized (committing) {
      long at;
      synchronized (this) {
        at = version;
        if (at < 0 || at == committed) return;
        writer.setLiveCommitData(Map.of(VERSION, Long.toString(at), IDENTITY, identity, FORM, DOCUMENTS_FORM)
            .entrySet());
      }
      writer.commit();
      committed = at;
    }
  }

  /**
   * Follows the database's writes: list reads follow the writes before them, but writes that no list read follows
   * (an import, a generator) would otherwise pile up, to be followed at once by the next read or start.
   */
  private void followWrites() {
    if (closing) return;
    try {
      follow(database.dataVersion());
    } catch (RuntimeException e) {
      log.println("Could not follow the database's writes: " + e.getMessage());
    }
  }

  /** Follows the database's writes, then commits, so that a start after a stop or a crash has few to catch up. */
  private void followAndCommit() {
    if (closing) return;
    try {
      follow(database.dataVersion());
      commit();
    } catch (IOException | RuntimeException e) {
      log.println("Could not commit the event index: " + e.getMessage());
    }
  }

  @Override
  public void close() {
    closing = true;
    // Not interrupted unless it outlasts the wait: an interrupt during a file operation closes the file's channel,
    // and a periodic commit interrupted so closed the channel of the index's lock, which then failed the close
    // ("FileLock invalidated by an external force").
    background.shutdown();
    releaser.shutdown();
    try {
      if (!background.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) background.shutdownNow();
      releaser.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      follow(database.dataVersion());
      commit();
    } catch (IOException | RuntimeException e) {
      log.println("Could not commit the event index: " + e.getMessage());
    }
    try {
      IOUtils.close(searchers, writer, directory);
      if (temporary != null) IOUtils.rm(temporary);
    } catch (IOException | RuntimeException e) {
      log.println("Could not close the event index: " + e.getMessage());
    }
  }

  /**
   * The analysis of the folded texts. Their text fields: every run of three characters (code points), at consecutive
   * positions, so that a phrase of a term's runs matches exactly where the term occurs as a substring (§6.3 search).
   * Their word fields ({@link EventDocuments#words}): the runs of letters and digits between other characters, in
   * which a term of letters and digits only must occur.
   */
  static final class TextAnalyzer extends Analyzer {
    static final int GRAM = 3;

    TextAnalyzer() {
      super(PER_FIELD_REUSE_STRATEGY);
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      if (EventDocuments.isWords(fieldName)) {
        return new TokenStreamComponents(CharTokenizer.fromTokenCharPredicate(Character::isLetterOrDigit));
      }
      return new TokenStreamComponents(new NGramTokenizer(GRAM, GRAM));
    }
  }
}
