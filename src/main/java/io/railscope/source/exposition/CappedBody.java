package io.railscope.source.exposition;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body gathered without a thread waiting on it, up to {@code cap} bytes: past the cap the
 * exchange is cancelled and the body fails with {@link TooLarge}. {@link #cancel()} stops it from any thread.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final int cap;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final List<ByteBuffer> received = new ArrayList<>();
    private volatile long bytesRead;
    private volatile Flow.Subscription subscription;
    private volatile boolean cancelled;

    CappedBody(int cap) {
        this.cap = cap;
    }

    /** Refuses the body before it is read, as one already past the cap (its declared length says so). */
    void refuse() {
        cancelled = true;
        body.completeExceptionally(new TooLarge());
        Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (cancelled) {
            subscription.cancel();
        } else {
            subscription.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (body.isDone()) {
            return;
        }
        long size = bytesRead;
        for (ByteBuffer buffer : buffers) {
            size += buffer.remaining();
        }
        bytesRead = size;
        if (size > cap) {
            subscription.cancel();
            body.completeExceptionally(new TooLarge());
            return;
        }
        received.addAll(buffers);
    }

    @Override
    public void onError(Throwable error) {
        body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        byte[] bytes = new byte[(int) bytesRead];
        int offset = 0;
        for (ByteBuffer buffer : received) {
            int length = buffer.remaining();
            buffer.get(bytes, offset, length);
            offset += length;
        }
        received.clear();
        body.complete(bytes);
    }

    long bytesRead() {
        return bytesRead;
    }

    /** Stops reading: the connection is given up. */
    void cancel() {
        cancelled = true;
        Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
        body.completeExceptionally(new IOException("abandoned after " + bytesRead + " bytes"));
    }

    /** The body passed its cap. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super("response too large");
        }
    }
}
