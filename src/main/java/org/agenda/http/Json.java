package org.agenda.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one JSON mapper: key order as built, literal non-ASCII, `/` unescaped, exact decimals. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  static {
    MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build());
  }

  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private Json() {}

  public static ObjectNode object() {
    return NODES.objectNode();
  }

  public static ArrayNode array() {
    return NODES.arrayNode();
  }

  public static ArrayNode arrayOf(Iterable<String> values) {
    ArrayNode array = array();
    values.forEach(array::add);
    return array;
  }

  public static byte[] bytes(JsonNode node) {
    try {
      return MAPPER.writeValueAsBytes(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
