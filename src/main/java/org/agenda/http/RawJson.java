package org.agenda.http;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A JSON value already written as UTF-8 (by {@link Json#bytes}), put into an answer as it is: a generator copies its
 * bytes instead of walking and escaping a tree again. Only the unquoted UTF-8 forms are what raw output uses; the
 * others are those of the same text.
 */
public final class RawJson implements SerializableString {
  private final byte[] utf8;

  private RawJson(byte[] utf8) {
    this.utf8 = utf8;
  }

  /** The value of a node of an answer ({@code ArrayNode.addRawValue}). */
  public static RawValue value(byte[] utf8) {
    return new RawValue(new RawJson(utf8));
  }

  @Override
  public String getValue() {
    return new String(utf8, StandardCharsets.UTF_8);
  }

  @Override
  public int charLength() {
    return getValue().length();
  }

  @Override
  public byte[] asUnquotedUTF8() {
    return utf8;
  }

  @Override
  public int appendUnquotedUTF8(byte[] buffer, int offset) {
    if (offset + utf8.length > buffer.length) return -1;
    System.arraycopy(utf8, 0, buffer, offset, utf8.length);
    return utf8.length;
  }

  @Override
  public int writeUnquotedUTF8(OutputStream out) throws IOException {
    out.write(utf8);
    return utf8.length;
  }

  @Override
  public int putUnquotedUTF8(ByteBuffer buffer) {
    if (utf8.length > buffer.remaining()) return -1;
    buffer.put(utf8);
    return utf8.length;
  }

  @Override
  public int appendUnquoted(char[] buffer, int offset) {
    return text().appendUnquoted(buffer, offset);
  }

  @Override
  public char[] asQuotedChars() {
    return text().asQuotedChars();
  }

  @Override
  public byte[] asQuotedUTF8() {
    return text().asQuotedUTF8();
  }

  @Override
  public int appendQuotedUTF8(byte[] buffer, int offset) {
    return text().appendQuotedUTF8(buffer, offset);
  }

  @Override
  public int appendQuoted(char[] buffer, int offset) {
    return text().appendQuoted(buffer, offset);
  }

  @Override
  public int writeQuotedUTF8(OutputStream out) throws IOException {
    return text().writeQuotedUTF8(out);
  }

  @Override
  public int putQuotedUTF8(ByteBuffer buffer) throws IOException {
    return text().putQuotedUTF8(buffer);
  }

  private SerializedString text() {
    return new SerializedString(getValue());
  }

  @Override
  public String toString() {
    return getValue();
  }
}
