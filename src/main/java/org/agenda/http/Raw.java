package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A parameter value as received. {@code fromText} is true for query-string and form values, whose
 * arrays come from repetition and whose scalars are always strings; false for JSON body values.
 */
public record Raw(JsonNode node, boolean fromText) {}
