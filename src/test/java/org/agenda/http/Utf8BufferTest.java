package org.agenda.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8BufferTest {
  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(Utf8Buffer buffer) {
    return new String(buffer.array(), 0, buffer.length(), StandardCharsets.UTF_8);
  }

  @Test
  void growsAsPiecesAreWrittenAndKeepsThemInOrder() {
    var buffer = new Utf8Buffer(1);
    buffer.write(utf8("{\"a\":"));
    buffer.write((byte) '[');
    byte[] filled = utf8("\"één\",");
    buffer.write(filled.length, (target, offset) -> System.arraycopy(filled, 0, target, offset, filled.length));
    buffer.write(utf8("xx2]}yy"), 2, 3);

    assertThat(text(buffer)).isEqualTo("{\"a\":[\"één\",2]}");
    assertThat(buffer.length()).isEqualTo(utf8("{\"a\":[\"één\",2]}").length);
  }

  @Test
  void replacesARangeWithLongerOrShorterBytesAndMovesWhatFollows() {
    var buffer = new Utf8Buffer(16);
    buffer.write(utf8("[head|MARK|tail]"));
    var longer = new Utf8Buffer(4);
    longer.write(utf8("a much longer middle part"));
    buffer.replace(6, 4, longer);
    assertThat(text(buffer)).isEqualTo("[head|a much longer middle part|tail]");

    var shorter = new Utf8Buffer(4);
    shorter.write(utf8("m"));
    buffer.replace(6, longer.length(), shorter);
    assertThat(text(buffer)).isEqualTo("[head|m|tail]");
  }

  @Test
  void givesBackTheIntAWriterPutLast() {
    var buffer = new Utf8Buffer(4);
    buffer.write(utf8("item"));
    buffer.write(new byte[] {0, 1, (byte) 0x86, (byte) 0xA0});
    assertThat(buffer.removeTrailingInt()).isEqualTo(100_000);
    assertThat(text(buffer)).isEqualTo("item");

    buffer.clear();
    assertThat(buffer.length()).isZero();
  }

  @Test
  void anAnswerOfWhatItHoldsSendsTheWrittenBytesAndNotTheSpareRoom() {
    var buffer = new Utf8Buffer(64);
    buffer.write(utf8("{\"events\":[]}"));
    ApiResponse answer = ApiResponse.stored(200, buffer, Dispatcher.JSON);

    assertThat(answer.bodyArray()).hasSize(64);
    assertThat(answer.bodyLength()).isEqualTo(13);
    assertThat(answer.body()).isEqualTo(utf8("{\"events\":[]}"));
    assertThat(answer.bodyLength()).isEqualTo(13);
  }
}
