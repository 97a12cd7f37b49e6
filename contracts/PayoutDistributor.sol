// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";

/// @notice Pays one payout plan: every (account, amount) leaf of the Merkle root can be claimed once,
/// by anyone, always to the account, while block.timestamp < deadline. From the deadline on (>=) claims
/// stop and the owner may withdraw the rest, so the two never overlap at one instant.
/// Leaves are OpenZeppelin StandardMerkleTree leaves of types ["address", "uint256"]: proofs built by
/// OpenZeppelin's JavaScript merkle-tree library verify as they are.
contract PayoutDistributor is Ownable {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    bytes32 public immutable merkleRoot;
    uint256 public immutable deadline;

    /// One allocation per account in a plan, so the account itself is the claim's key.
    mapping(address account => bool) private claimed;

    event Claimed(address indexed account, uint256 amount);
    event Withdrawn(address indexed to, uint256 amount);

    error ZeroToken();
    error ZeroRoot();
    error DeadlineNotInFuture(uint256 deadline, uint256 timestamp);
    error ClaimsClosed(uint256 deadline);
    error AlreadyClaimed(address account);
    error InvalidProof();
    error ClaimsOpen(uint256 deadline);
    error RenounceDisabled();

    constructor(IERC20 token_, bytes32 merkleRoot_, uint256 deadline_, address initialOwner) Ownable(initialOwner) {
        if (address(token_) == address(0)) revert ZeroToken();
        if (merkleRoot_ == bytes32(0)) revert ZeroRoot();
        if (deadline_ <= block.timestamp) revert DeadlineNotInFuture(deadline_, block.timestamp);
        token = token_;
        merkleRoot = merkleRoot_;
        deadline = deadline_;
    }

    function isClaimed(address account) external view returns (bool) {
        return claimed[account];
    }

    function claim(address account, uint256 amount, bytes32[] calldata proof) external {
        if (block.timestamp >= deadline) revert ClaimsClosed(deadline);
        if (claimed[account]) revert AlreadyClaimed(account);
        // Hashed twice, as StandardMerkleTree does: a 64-byte leaf preimage can never pass for an inner node.
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(account, amount))));
        if (!MerkleProof.verifyCalldata(proof, merkleRoot, leaf)) revert InvalidProof();

        claimed[account] = true;
        emit Claimed(account, amount);
        token.safeTransfer(account, amount);
    }

    /// Sends the whole remaining balance to the owner, from the deadline on.
    function withdraw() external onlyOwner {
        if (block.timestamp < deadline) revert ClaimsOpen(deadline);
        uint256 amount = token.balanceOf(address(this));
        emit Withdrawn(msg.sender, amount);
        token.safeTransfer(msg.sender, amount);
    }

    /// Without an owner the rest could never be withdrawn after the deadline: ownership can move, not vanish.
    function renounceOwnership() public pure override {
        revert RenounceDisabled();
    }
}
