import Foundation

/// A response body kept in the on-disk cache, with what is needed to revalidate it.
///
/// ```swift
/// let cache = DataCache(directory: folder)
/// if let entry = cache.entry(for: url) {
///     print(entry.etag ?? "-", entry.fetchedAt, entry.body.count)
/// }
/// ```
public struct CachedResponse: Sendable, Equatable {
    /// The URL that was requested (before redirects); the cache key is derived from it.
    public var url: URL

    /// The response body.
    public var body: Data

    /// The `ETag` header, sent back as `If-None-Match`.
    public var etag: String?

    /// The `Last-Modified` header, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// The `Content-Type` header, for reference.
    public var contentType: String?

    /// When the body was downloaded.
    public var fetchedAt: Date

    /// An entry.
    ///
    /// ```swift
    /// let entry = CachedResponse(url: url, body: data, etag: "\"v1\"", fetchedAt: Date())
    /// ```
    ///
    /// - Parameters:
    ///   - url: the URL that was requested.
    ///   - body: the response body.
    ///   - etag: the `ETag` header, if any.
    ///   - lastModified: the `Last-Modified` header, if any.
    ///   - contentType: the `Content-Type` header, if any.
    ///   - fetchedAt: when the body was downloaded.
    public init(
        url: URL, body: Data, etag: String? = nil, lastModified: String? = nil, contentType: String? = nil,
        fetchedAt: Date
    ) {
        self.url = url
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.fetchedAt = fetchedAt
    }
}
