package org.agenda.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What /doc (§9.3) says of one endpoint when the kind of operation its route and method suggest (list, read, …)
 * would describe it wrongly, declared by the feature beside the endpoint: the same data in another format, such
 * as the iCalendar feed of events beside their JSON list. It gives the operation's own operationId, summary and
 * description, and its success answer: media type, description, schema of the body and the headers always sent.
 * The error answers still follow from the route (a path variable makes it a read of one record, none a list;
 * a list that takes no {@code page} has no page beyond the last) and from its resource.
 *
 * @param successHeaders the headers of the success answer by name, each as a JSON schema with a description
 * @param moreAnswers statuses the endpoint answers beyond those of its kind, with what they mean (an expired token)
 */
public record OperationDoc(String operationId, String summary, String description, String mediaType,
    String successDescription, ObjectNode successSchema, Map<String, ObjectNode> successHeaders,
    Map<Integer, String> moreAnswers) {

  public OperationDoc {
    successHeaders = new LinkedHashMap<>(successHeaders);
    moreAnswers = Map.copyOf(moreAnswers);
  }
}
