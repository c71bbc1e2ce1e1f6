package org.agenda.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The paging of every list endpoint (§5.11): the page and page size in effect, the totals, the envelope
 * with its navigation URLs and the {@code X-Cal-*} and {@code Link} headers.
 */
public final class ListPage {
  private final long page;
  private final int perPage;

  /** The {@code page} and {@code per_page} parameters of every list, first in its declaration order. */
  public static List<Param> params(String items, int defaultPerPage, int maxPerPage) {
    return List.of(
        Param.integer("page").range(1L, null).defaultValue(1).describe("Page to return."),
        Param.integer("per_page").range(1L, null).defaultValue(defaultPerPage)
            .describe(items + " per page; values above " + maxPerPage + " are capped."));
  }

  /**
   * The schema of a list envelope (§5.11) of {@code key} items of the component {@code item}: records list their
   * items first, terms after the totals.
   */
  public static ObjectNode schema(String key, String item, String description, boolean itemsFirst) {
    var keys = new JsonSchema.Keys();
    ObjectNode items = JsonSchema.arrayOf(JsonSchema.ref(item), null);
    if (itemsFirst) keys.always(key, items);
    keys.always("rest_url", JsonSchema.string("This page; parameters in effect, then page."));
    if (itemsFirst) keys.optional("next_rest_url", JsonSchema.string("The next page, when there is one."));
    if (itemsFirst) keys.optional("previous_rest_url", JsonSchema.string("The previous page, when there is one."));
    keys.always("total", JsonSchema.integer("Number of matching items, ignoring paging."));
    keys.always("total_pages", JsonSchema.integer("Number of pages; 0 when total is 0."));
    if (!itemsFirst) keys.always(key, items);
    if (!itemsFirst) keys.optional("next_rest_url", JsonSchema.string("The next page, when there is one."));
    if (!itemsFirst) keys.optional("previous_rest_url", JsonSchema.string("The previous page, when there is one."));
    return keys.object(description);
  }

  /** The {@code page} and {@code per_page} of the request, {@code per_page} capped (§2.9). */
  public ListPage(ApiRequest request, int defaultPerPage, int maxPerPage) {
    this.page = request.has("page") ? request.integer("page") : 1;
    this.perPage = (int) Math.min(request.has("per_page") ? request.integer("per_page") : defaultPerPage, maxPerPage);
  }

  public long page() {
    return page;
  }

  public int perPage() {
    return perPage;
  }

  public long offset() {
    return (page - 1) * perPage;
  }

  public long totalPages(long total) {
    return (total + perPage - 1) / perPage;
  }

  /** True for a page after the last one other than page 1 (events, venues, organizers answer 404). */
  public boolean beyondEnd(long total) {
    return page > 1 && page > totalPages(total);
  }

  /**
   * {@code {collection}/?name=value&…&}, ready for {@code page=N}: the effective parameters in the order
   * given, values percent-encoded (§2.10); {@code per_page} first, always.
   */
  public String navigation(String collectionUrl, Map<String, String> effective) {
    var url = new StringBuilder(collectionUrl).append("/?per_page=").append(perPage).append('&');
    effective.forEach((name, value) -> url.append(name).append('=').append(Urls.encode(value)).append('&'));
    return url.toString();
  }

  /**
   * The 200 answer: records list their items first, terms after the totals (§5.11).
   *
   * @param navigation the result of {@link #navigation}
   */
  public ApiResponse response(String itemsKey, ArrayNode items, boolean itemsFirst, String navigation, long total) {
    ObjectNode body = Json.object();
    if (itemsFirst) body.set(itemsKey, items);
    putTotals(body, itemsFirst, navigation, total);
    if (!itemsFirst) {
      body.set(itemsKey, items);
      putNavigation(body, navigation, total);
    }
    return withHeaders(ApiResponse.ok(body), navigation, total);
  }

  /**
   * Where a list answer whose items are already UTF-8 JSON is written, items first (records, §5.11): each item after
   * a comma but the first; then {@link #response(Utf8Buffer, String, long)}.
   */
  public static Utf8Buffer itemsFirst(String itemsKey, int capacity) {
    var body = new Utf8Buffer(capacity);
    body.write((byte) '{');
    body.write(Json.bytes(Json.object().textNode(itemsKey)));
    body.write((byte) ':');
    body.write((byte) '[');
    return body;
  }

  /** The 200 answer of the items written into {@code items} ({@link #itemsFirst}): the same bytes as an ArrayNode's. */
  public ApiResponse response(Utf8Buffer items, String navigation, long total) {
    ObjectNode rest = Json.object();
    putTotals(rest, true, navigation, total);
    byte[] tail = Json.bytes(rest);
    items.write((byte) ']');
    items.write((byte) ',');
    items.write(tail, 1, tail.length - 1);
    return withHeaders(ApiResponse.stored(200, items, Dispatcher.JSON), navigation, total);
  }

  private void putTotals(ObjectNode body, boolean itemsFirst, String navigation, long total) {
    body.put("rest_url", navigation + "page=" + page);
    if (itemsFirst) putNavigation(body, navigation, total);
    body.put("total", total);
    body.put("total_pages", totalPages(total));
  }

  private ApiResponse withHeaders(ApiResponse response, String navigation, long total) {
    response.header("X-Cal-Total", Long.toString(total)).header("X-Cal-TotalPages", Long.toString(totalPages(total)));
    var links = new ArrayList<String>();
    String next = next(navigation, total);
    String previous = previous(navigation, total);
    if (next != null) links.add("<" + next + ">; rel=\"next\"");
    if (previous != null) links.add("<" + previous + ">; rel=\"prev\"");
    if (!links.isEmpty()) response.header("Link", String.join(", ", links));
    return response;
  }

  private String next(String navigation, long total) {
    return page < totalPages(total) ? navigation + "page=" + (page + 1) : null;
  }

  private String previous(String navigation, long total) {
    return page >= 2 && page <= totalPages(total) + 1 ? navigation + "page=" + (page - 1) : null;
  }

  private void putNavigation(ObjectNode body, String navigation, long total) {
    String next = next(navigation, total);
    String previous = previous(navigation, total);
    if (next != null) body.put("next_rest_url", next);
    if (previous != null) body.put("previous_rest_url", previous);
  }
}
