"""ComposerError and its subclasses; the errcheck on every mc_status function; mc_last_error."""

import pickle
import threading
from ctypes import byref, c_int64, c_void_p

import pytest

import message_composer as mc
from message_composer import Status, _ffi
from message_composer.errors import ERRORS, error_for

lib = _ffi.lib

CLASSES = {
    Status.INVALID_ARGUMENT: mc.InvalidArgumentError,
    Status.NULL_ARGUMENT: mc.NullArgumentError,
    Status.INVALID_HANDLE: mc.InvalidHandleError,
    Status.INVALID_UTF8: mc.InvalidUTF8Error,
    Status.INVALID_JSON: mc.InvalidJSONError,
    Status.OUT_OF_RANGE: mc.OutOfRangeError,
    Status.UNSAFE_LINK: mc.UnsafeLinkError,
    Status.INVALID_COLOR: mc.InvalidColorError,
    Status.NOT_ALLOWED: mc.NotAllowedError,
    Status.LIMIT_EXCEEDED: mc.LimitExceededError,
}


@pytest.mark.parametrize("status, cls", CLASSES.items(), ids=lambda v: getattr(v, "name", getattr(v, "__name__", "")))
def test_each_status_maps_to_its_class(status, cls):
    error = error_for(status, "mc_x: why")
    assert type(error) is cls
    assert isinstance(error, mc.ComposerError)
    assert error.status == status == cls.status
    assert error.message == str(error) == "mc_x: why"


def test_every_error_status_has_a_class_and_ok_has_none():
    assert set(ERRORS) == {s for s in Status if s != Status.OK}


def test_each_status_is_named_as_the_library_names_it(draft):
    for status in Status:
        expected = "MC_OK" if status is Status.OK else f"MC_ERR_{status.name}"
        assert mc.ComposerError("m", status).status_name == expected
    assert mc.ComposerError("m", -1000).status_name == "(unknown mc_status)"
    with pytest.raises(mc.OutOfRangeError) as caught:
        draft.replace(3, 2, "x")
    assert caught.value.status_name == "MC_ERR_OUT_OF_RANGE"


def test_a_status_newer_than_the_binding_is_a_plain_composer_error():
    error = error_for(-42, "mc_x: something new")
    assert type(error) is mc.ComposerError
    assert (error.status, error.message) == (-42, "mc_x: something new")


def test_argument_errors_are_value_errors_and_state_errors_are_not():
    value_errors = {s for s, cls in CLASSES.items() if issubclass(cls, ValueError)}
    assert value_errors == {
        Status.INVALID_ARGUMENT,
        Status.NULL_ARGUMENT,
        Status.INVALID_UTF8,
        Status.INVALID_JSON,
        Status.OUT_OF_RANGE,
        Status.UNSAFE_LINK,
        Status.INVALID_COLOR,
    }


@pytest.mark.parametrize("error", [error_for(Status.OUT_OF_RANGE, "mc_x: far"), error_for(-42, "mc_x: new")])
def test_errors_survive_pickling(error):
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.status, copy.message) == (type(error), error.status, error.message)


# The errcheck, through the raw table (the Draft API never passes NULL).


def test_a_null_out_parameter_raises_null_argument_error(draft):
    with pytest.raises(mc.NullArgumentError) as caught:
        lib.mc_draft_length(draft._handle, None)
    assert (caught.value.status, caught.value.message) == (-2, "mc_draft_length: out_length is NULL")
    with pytest.raises(mc.NullArgumentError, match=r"^mc_draft_new: out_draft is NULL$"):
        lib.mc_draft_new(b"{}", None)
    with pytest.raises(mc.NullArgumentError, match=r"^mc_convert_offset: utf8 is NULL$"):
        lib.mc_convert_offset(None, 0, 0, 0, byref(c_int64()))
    with pytest.raises(mc.NullArgumentError, match=r"^mc_draft_replace: utf8 is NULL$"):
        lib.mc_draft_replace(draft._handle, 0, 0, None)


def test_a_null_or_forged_handle_raises_invalid_handle_error():
    with pytest.raises(mc.InvalidHandleError, match=r"^mc_draft_length: draft is NULL$"):
        lib.mc_draft_length(None, byref(c_int64()))
    with pytest.raises(
        mc.InvalidHandleError,
        match=r"^mc_draft_text: draft handle is invalid \(freed, double-freed or never issued\)$",
    ):
        lib.mc_draft_text(0x12345, byref(c_void_p()))


def test_freeing_a_forged_handle_is_refused_without_a_crash():
    lib.mc_draft_free(0x12345)
    assert _ffi.last_error() == "mc_draft_free: draft handle is invalid (freed, double-freed or never issued)"
    lib.mc_draft_free(None)  # does nothing


def test_the_status_is_returned_on_success(draft):
    assert lib.mc_draft_replace(draft._handle, 0, 0, b"hi") == 0


def test_a_successful_call_leaves_the_last_error_unchanged(draft):
    with pytest.raises(mc.OutOfRangeError):
        draft.replace(5, 5, "x")
    draft.replace(0, 0, "x")
    assert _ffi.last_error() == "mc_draft_replace_n: range [5, 5) is outside the text (length 0)"


def test_the_last_error_belongs_to_the_calling_thread(draft):
    with pytest.raises(mc.OutOfRangeError):
        draft.replace(-1, 0, "x")
    seen = []

    def other():
        try:
            draft.set_selection(0, 0)
            seen.append(_ffi.last_error())  # no failure yet on this thread
            draft.replace(0, 9, "x")
        except mc.OutOfRangeError as error:
            seen.append(error.message)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == ["", "mc_draft_replace_n: range [0, 9) is outside the text (length 0)"]
    assert _ffi.last_error() == "mc_draft_replace_n: range [-1, 0) is outside the text (length 0)"
