package org.agenda.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The validators of answers and the conditions of requests (RFC 9110 §8.8, §13). An answer's entity tag is a
 * hash of its bytes and their length, so it changes exactly when the bytes do, in every instance alike.
 */
final class Validators {
  private static final XXHash64 HASH = XXHashFactory.fastestInstance().hash64();
  private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

  private Validators() {}

  /** Of the first {@code length} bytes of {@code body}. */
  static String etag(byte[] body, int length) {
    return "\"" + Long.toHexString(HASH.hash(body, 0, length, 0)) + "-" + Integer.toHexString(length) + "\"";
  }

  /**
   * {@code If-None-Match} (weak comparison, §13.1.2): true when one of its tags, or {@code *}, matches the
   * answer's, that is when the client's copy is current.
   */
  static boolean noneMatchFails(String ifNoneMatch, String etag) {
    for (String tag : ifNoneMatch.split(",")) {
      String candidate = tag.trim();
      if (candidate.equals("*") || opaque(candidate).equals(opaque(etag))) return true;
    }
    return false;
  }

  /**
   * {@code If-Match} (strong comparison, §13.1.1): true when {@code *} is given and there is a current answer,
   * or when one of its tags is the current answer's tag; a weak tag never matches.
   */
  static boolean matches(String ifMatch, String etag) {
    for (String tag : ifMatch.split(",")) {
      String candidate = tag.trim();
      if (candidate.equals("*")) return etag != null;
      if (etag != null && candidate.equals(etag)) return true;
    }
    return false;
  }

  private static String opaque(String tag) {
    return tag.startsWith("W/") ? tag.substring(2) : tag;
  }

  static String httpDate(long epochSecond) {
    return HTTP_DATE.format(Instant.ofEpochSecond(epochSecond).atOffset(ZoneOffset.UTC));
  }

  /** The epoch second of an HTTP date, or null when the header is not one (it is then ignored, §13.1.3). */
  static Long epochSecond(String httpDate) {
    try {
      return Instant.from(HTTP_DATE.parse(httpDate.trim())).getEpochSecond();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
