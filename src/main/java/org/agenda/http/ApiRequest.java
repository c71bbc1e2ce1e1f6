package org.agenda.http;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A request that passed routing, authentication, the route-level permission and parameter validation:
 * what handlers work with. Parameter values are typed (see {@link Param#convert}); a name that is not
 * in {@link #params()} was not given.
 */
public final class ApiRequest {
  private final String method;
  private final Caller caller;
  private final String language;
  private final boolean languageGiven;
  private final Urls urls;
  private final Instant now;
  private final Map<String, Object> params;
  private final Map<String, Raw> raw;
  private final String pathValue;
  private final Long dataVersion;
  private final Map<Class<?>, Object> attachments = new HashMap<>();
  /** The epoch seconds [from, until) in which the answer holds as far as the clock goes (§10.5 caching). */
  private long validFrom = Long.MIN_VALUE;
  private long validUntil = Long.MAX_VALUE;
  /** The last modification of the record a single-record read answered (epoch seconds), if it has one. */
  private Long recordModified;
  /** Whether the answer's bytes change only when that record does, so that it is the answer's Last-Modified. */
  private boolean answerFollowsRecord;
  private ReadAnswers.StillHolds stillHolds;

  ApiRequest(String method, Caller caller, String language, boolean languageGiven, Urls urls, Instant now,
      Map<String, Object> params, Map<String, Raw> raw, String pathValue, Long dataVersion) {
    this.method = method;
    this.caller = caller;
    this.language = language;
    this.languageGiven = languageGiven;
    this.urls = urls;
    this.now = now;
    this.params = params;
    this.raw = raw;
    this.pathValue = pathValue;
    this.dataVersion = dataVersion;
  }

  /**
   * The data version read for this request before anything was loaded (for the answer cache), or null when
   * none was: handlers that keep loaded objects per version use it rather than reading it again.
   */
  public Long dataVersion() {
    return dataVersion;
  }

  public String method() {
    return method;
  }

  public Caller caller() {
    return caller;
  }

  /** The request language L (§3.1). */
  public String language() {
    return language;
  }

  /** True when L came from a {@code translation_language} parameter (rendered in navigation URLs). */
  public boolean languageGiven() {
    return languageGiven;
  }

  public Urls urls() {
    return urls;
  }

  /** The request's current instant, read once from the service clock; an answer using it holds that second. */
  public Instant now() {
    narrowValidity(now.getEpochSecond(), now.getEpochSecond() + 1);
    return now;
  }

  /** Today in the zone; an answer that uses only the date holds until the day ends there. */
  public LocalDate today(ZoneId zone) {
    LocalDate today = now.atZone(zone).toLocalDate();
    narrowValidity(today.atStartOfDay(zone).toEpochSecond(), today.plusDays(1).atStartOfDay(zone).toEpochSecond());
    return today;
  }

  /** The date parameter evaluated in the zone; only a relative one ("now", "+1 week") reads the clock. */
  public ZonedDateTime dateIn(String name, ZoneId zone) {
    DateValue value = date(name);
    return value.in(zone, value.isAbsolute() ? now : now());
  }

  private void narrowValidity(long from, long until) {
    validFrom = Math.max(validFrom, from);
    validUntil = Math.min(validUntil, until);
  }

  /**
   * The last modification of the record this read answers, for {@code If-Unmodified-Since} on its writes;
   * {@code answerFollowsRecord} when the answer's bytes change only with it (then it is also the answer's
   * {@code Last-Modified}; not so for an event, which embeds terms and their counts).
   */
  public void recordModified(long epochSecond, boolean answerFollowsRecord) {
    this.recordModified = epochSecond;
    this.answerFollowsRecord = answerFollowsRecord;
  }

  /**
   * How to tell that this read's answer, made at {@link #dataVersion}, is also what a read at a later version would
   * make, so that a kept answer outlives writes that do not change it. Without one it holds at its version only.
   */
  public void answerHolds(ReadAnswers.StillHolds check) {
    this.stillHolds = check;
  }

  ReadAnswers.StillHolds stillHolds() {
    return stillHolds;
  }

  Long recordModified() {
    return recordModified;
  }

  Long lastModified() {
    return answerFollowsRecord ? recordModified : null;
  }

  long validFrom() {
    return validFrom;
  }

  long validUntil() {
    return validUntil;
  }

  public Map<String, Object> params() {
    return params;
  }

  public boolean has(String name) {
    return params.containsKey(name);
  }

  public boolean isCleared(String name) {
    return params.get(name) == Param.CLEAR;
  }

  public Object value(String name) {
    return params.get(name);
  }

  public Long integer(String name) {
    Object value = params.get(name);
    return value instanceof Long l ? l : null;
  }

  public BigDecimal number(String name) {
    Object value = params.get(name);
    return value instanceof BigDecimal d ? d : null;
  }

  public Boolean bool(String name) {
    Object value = params.get(name);
    return value instanceof Boolean b ? b : null;
  }

  public String string(String name) {
    Object value = params.get(name);
    return value instanceof String s ? s : null;
  }

  public DateValue date(String name) {
    Object value = params.get(name);
    return value instanceof DateValue d ? d : null;
  }

  @SuppressWarnings("unchecked")
  public <T> List<T> list(String name) {
    Object value = params.get(name);
    return value instanceof List<?> list ? (List<T>) list : null;
  }

  /** The value as received, for fields whose meaning depends on its JSON shape. */
  public Raw raw(String name) {
    return raw.get(name);
  }

  /** The {@code {id}} or {@code {slug}} path segment (decoded), or null. */
  public String pathValue() {
    return pathValue;
  }

  public long pathId() {
    return Param.pathId(pathValue);
  }

  /** Hands a result of an endpoint's check to its handler (e.g. resolved references). */
  public <T> void attach(Class<T> type, T value) {
    attachments.put(type, value);
  }

  public <T> T attachment(Class<T> type) {
    return type.cast(attachments.get(type));
  }
}
